import CZlib

/// FlateDecode (zlib) for the content streams the PDF's accessibility pass rewrites.
enum PDFFlate {
    /// The inflated bytes, or nil when the data is not a whole zlib stream.
    static func inflate(_ data: ArraySlice<UInt8>) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let input = Array(data)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
            stream.avail_in = UInt32(source.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(buffer.count)
                    return CZlib.inflate(&stream, Z_NO_FLUSH)
                }
                output.append(contentsOf: chunk[0..<(chunk.count - Int(stream.avail_out))])
                if status == Z_STREAM_END { return output }
                guard status == Z_OK, stream.avail_in > 0 || stream.avail_out == 0 else { return nil }
            }
        }
    }

    /// The bytes deflated at zlib's default level (the same bytes for the same input and zlib).
    static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), Z_DEFAULT_COMPRESSION)
            }
        }
        precondition(status == Z_OK, "compress2 with a buffer of compressBound bytes cannot fail")
        return Array(output[0..<Int(length)])
    }
}
