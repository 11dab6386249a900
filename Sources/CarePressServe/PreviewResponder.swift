import CarePress
import Foundation
import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// Answers the preview's requests: the output folder's files (HTML with the reload script added), the reload script,
/// the reload channel, and a 404 page; nothing outside the output folder, and nothing to a host it does not know.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    /// The output folder, absolute.
    let root: String
    /// The hosts and origins answered.
    let hosts: AllowedHosts
    /// Where open pages listen.
    let channel: ReloadChannel

    private static let host = HTTPField.Name("Host")
    private static let contentTypeOptions = HTTPField.Name("X-Content-Type-Options")

    func respond(to request: Request, context: Context) async throws -> Response {
        let authority = request.head.authority ?? Self.host.flatMap { request.headers[$0] } ?? ""
        guard hosts.allows(host: authority) else {
            return text(.forbidden, "This server answers only requests for localhost or 127.0.0.1.\n")
        }
        guard request.method == .get || request.method == .head else {
            var response = text(.methodNotAllowed, "Only GET and HEAD.\n")
            response.headers[.allow] = "GET, HEAD"
            return response
        }
        let path = request.uri.path
        switch path {
        case ReloadScript.eventsPath:
            if let origin = request.headers[.origin], !hosts.allows(origin: origin) {
                return text(.forbidden, "The reload channel is for this server's own pages.\n")
            }
            return events(head: request.method == .head)
        case ReloadScript.path:
            return bytes(Array(ReloadScript.source.utf8), type: "text/javascript; charset=utf-8", request: request)
        default:
            return file(path, query: request.uri.query, request: request)
        }
    }

    /// A file of the output folder, a redirect to a folder's `/`, a 404 page or a refusal.
    private func file(_ path: String, query: String?, request: Request) -> Response {
        switch ServedPath.resolve(path, in: root) {
        case .file(let file):
            guard let data = FileManager.default.contents(atPath: file) else { return notFound(request) }
            let type = ContentType.of(file)
            let body =
                type.hasPrefix("text/html")
                ? ReloadScript.inject(into: Array(data), generation: channel.state.generation) : Array(data)
            return bytes(body, type: type, request: request)
        case .redirect(let location):
            var response = Response(status: .movedPermanently)
            response.headers[.location] = location + (query.map { "?" + $0 } ?? "")
            response.headers[.cacheControl] = "no-store"
            return response
        case .notFound:
            return notFound(request)
        case .forbidden:
            return text(.forbidden, "Only files inside the output folder are served.\n")
        }
    }

    /// The 404 page: it has the reload script too, so it turns into the page once a build writes it.
    private func notFound(_ request: Request) -> Response {
        let page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Not found · CarePress preview</title>
            </head>
            <body>
            <main>
            <h1>Not found</h1>
            <p>The build wrote no file at this address. <a href="/">Go to the home page</a>.</p>
            </main>
            </body>
            </html>

            """
        var response = bytes(
            ReloadScript.inject(into: Array(page.utf8), generation: channel.state.generation),
            type: "text/html; charset=utf-8", request: request)
        response.status = .notFound
        return response
    }

    /// The reload channel as Server-Sent Events, until the page goes away or the server stops.
    private func events(head: Bool) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        guard !head else { return Response(status: .ok, headers: headers) }
        let channel = self.channel
        let (id, events) = channel.listen()
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                defer { channel.close(id) }
                try await withGracefulShutdownHandler {
                    for await text in events {
                        try await writer.write(ByteBuffer(string: text))
                    }
                } onGracefulShutdown: {
                    channel.close(id)
                }
                try await writer.finish(nil)
            })
    }

    private func bytes(_ body: [UInt8], type: String, request: Request) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.contentLength] = String(body.count)
        headers[.cacheControl] = "no-store"
        if let name = Self.contentTypeOptions { headers[name] = "nosniff" }
        if request.method == .head { return Response(status: .ok, headers: headers) }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    private func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: message)))
    }
}
