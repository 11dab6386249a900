import CarePressFuzzDriver
import Foundation

/// Starts libFuzzer from a fuzz target's `main.swift`.
public enum Fuzzing {
    /// A fuzz target: called with each input; returns 0 (other values are reserved by libFuzzer).
    public typealias Target = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

    /// Runs libFuzzer over `target` with the process's command line, and exits with its status.
    public static func run(_ target: Target) -> Never {
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        let status = carepress_fuzz_run(&argc, &argv, target)
        exit(status)
    }

    /// The bytes of one input.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }
}
