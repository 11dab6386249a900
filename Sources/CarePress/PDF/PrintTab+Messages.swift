/// The DevTools messages a `PrintTab` sends and the replies and events it reads.
extension PrintTab {
    struct CreateContext: Encodable { var disposeOnDetach = true }
    struct ContextCreated: Decodable { var browserContextId: String }
    struct ContextID: Encodable { var browserContextId: String }
    struct CreateTarget: Encodable {
        var url: String
        var browserContextId: String
    }
    struct TargetCreated: Decodable { var targetId: String }
    struct TargetID: Encodable { var targetId: String }
    struct Attach: Encodable {
        var targetId: String
        var flatten: Bool
    }
    struct Attached: Decodable { var sessionId: String }
    struct Enabled: Encodable { var enabled: Bool }
    struct EmulatedMedia: Encodable { var media: String }
    struct FetchPatterns: Encodable {
        struct Pattern: Encodable { var urlPattern = "*" }
        var patterns = [Pattern()]
    }
    struct Navigate: Encodable { var url: String }
    struct Navigated: Decodable {
        var frameId: String?
        var loaderId: String?
        var errorText: String?
    }
    struct SetDocumentContent: Encodable {
        var frameId: String
        var html: String
    }
    struct Evaluate: Encodable {
        var expression: String
        var awaitPromise = true
        var returnByValue = true
    }
    struct Evaluated: Decodable {
        struct Value: Decodable { var value: String? }
        var result: Value?
    }
    struct Printed: Decodable { var stream: String }
    struct Read: Encodable {
        var handle: String
        var size: Int
    }
    struct Chunk: Decodable {
        var base64Encoded: Bool?
        var data: String
        var eof: Bool
    }
    struct Handle: Encodable { var handle: String }
    struct RequestPaused: Decodable {
        struct Request: Decodable { var url: String }
        var requestId: String
        var request: Request
    }
    struct RequestID: Encodable { var requestId: String }
    struct FailRequest: Encodable {
        var requestId: String
        var errorReason: String
    }
    struct Lifecycle: Decodable {
        var loaderId: String
        var name: String
    }

    /// `Page.printToPDF`'s parameters: the paper and margins from `Paper` (the one source of the page size), the
    /// header and footer, a tagged PDF with an outline, returned as a stream.
    struct PrintToPDF: Encodable {
        var landscape = false
        var displayHeaderFooter = true
        var printBackground = true
        var scale = 1.0
        var paperWidth: Double
        var paperHeight: Double
        var marginTop: Double
        var marginBottom: Double
        var marginLeft: Double
        var marginRight: Double
        var headerTemplate: String
        var footerTemplate: String
        var preferCSSPageSize = false
        var generateTaggedPDF = true
        var generateDocumentOutline = true
        var transferMode = "ReturnAsStream"

        init(_ job: PrintJob) {
            paperWidth = job.paper.widthInches
            paperHeight = job.paper.heightInches
            marginTop = job.paper.verticalMarginInches
            marginBottom = job.paper.verticalMarginInches
            marginLeft = job.paper.horizontalMarginInches
            marginRight = job.paper.horizontalMarginInches
            headerTemplate = PrintDecorations.header(job.heading, paper: job.paper)
            footerTemplate = PrintDecorations.footer(title: job.title, reference: job.reference, paper: job.paper)
        }
    }
}
