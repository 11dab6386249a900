// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "CarePress",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "carepress", targets: ["carepress"]),
        .library(name: "CarePress", targets: ["CarePress"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // The executable's memory allocator on Linux (see Sources/carepress/Allocator.swift).
        .systemLibrary(
            name: "CMimalloc",
            providers: [.apt(["libmimalloc-dev"])]
        ),
        // XXH3-128, the digests of the build manifest (see ContentDigest).
        .systemLibrary(
            name: "CXXHash",
            pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]
        ),
        // zlib: inflating and deflating the PDF's content streams (see PDFAccessibility).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // libcmark's allocations for one document, from a per-thread arena (see Sources/CCmarkArena).
        .target(name: "CCmarkArena", dependencies: ["CCmark"]),
        // statfs's file system type, which Swift's Glibc module does not declare (see LocalFileSystem).
        .target(name: "CFileSystem"),
        .target(
            name: "CarePress",
            dependencies: [
                "CCmark",
                "CCmarkArena",
                "CFileSystem",
                "CSQLite",
                "CXXHash",
                "CZlib",
                .product(name: "Atomics", package: "swift-atomics"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Rendering/Compiled/README.md"],
            plugins: [.plugin(name: "EmbedFiles")]
        ),
        .executableTarget(
            name: "carepress-embed",
            path: "Sources/carepress-embed"
        ),
        .plugin(
            name: "EmbedFiles",
            capability: .buildTool(),
            dependencies: ["carepress-embed"]
        ),
        // The live preview server, in its own target so that the CarePress library (and everything that links
        // only it: tests, the physio app's generator) stays free of SwiftNIO and Hummingbird.
        .target(
            name: "CarePressServe",
            dependencies: [
                "CarePress",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            ]
        ),
        .executableTarget(
            name: "carepress",
            dependencies: [
                "CarePress",
                "CarePressServe",
                .target(name: "CMimalloc", condition: .when(platforms: [.linux])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "CarePressTestSupport",
            dependencies: ["CarePress"],
            path: "Tests/Support"
        ),
        .testTarget(
            name: "CarePressTests",
            dependencies: [
                "CarePress", "CarePressTestSupport", .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CarePressServeTests",
            dependencies: ["CarePressServe", "CarePress", "CarePressTestSupport"]
        ),
        .testTarget(
            name: "CarePressCLITests",
            dependencies: ["CarePress", "CarePressTestSupport"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// `make bench-matcher` (Tests/MatcherBench), declared only when it runs, so ordinary builds never compile it.
if Context.environment["CAREPRESS_BENCH"] == "1" {
    package.targets.append(
        .executableTarget(name: "carepress-matcher-bench", dependencies: ["CarePress"], path: "Tests/MatcherBench"))
}

// The libFuzzer targets (Tests/Fuzz), declared only for `scripts/fuzz`, which builds them into .build-fuzz/ with
// libFuzzer and AddressSanitizer: ordinary builds and `swift test` never see them.
if Context.environment["CAREPRESS_FUZZ"] == "1" {
    package.targets.append(
        .target(
            name: "CarePressFuzzDriver",
            path: "Tests/Fuzz/Driver",
            // libFuzzer without its main (scripts/fuzz finds it in the toolchain): each target has a main of its own.
            linkerSettings: [
                .unsafeFlags((Context.environment["CAREPRESS_FUZZ_RUNTIME"].map { [$0] } ?? []) + ["-lstdc++"])
            ]
        ))
    package.targets.append(
        .target(
            name: "FuzzSupport",
            dependencies: ["CarePress", "CarePressTestSupport", "CarePressFuzzDriver"],
            path: "Tests/Fuzz/Support"
        ))
    let targets = [
        "FuzzRecords", "FuzzKnowledgeYAML", "FuzzConsultFlow", "FuzzMarkdownEscaping", "FuzzHTMLEscaping",
        "FuzzMatcher",
    ]
    for name in targets {
        package.targets.append(
            .executableTarget(
                name: name,
                dependencies: ["CarePress", "CarePressTestSupport", "FuzzSupport"],
                path: "Tests/Fuzz/Targets/\(name)"
            ))
    }
}
