import Foundation

/// An array inside a report that ``StreamedJSON/write(_:encoder:to:)`` writes a batch of elements at
/// a time, so a report with millions of windows or steps is never held whole as text. A plain
/// `JSONEncoder` encodes it as the array of its elements.
@_spi(Testing) public struct StreamedArray<Element: Encodable>: Encodable {
    let count: Int
    let element: (Int) -> Element

    /// The elements `element(0..<count)`, made when written.
    init(count: Int, element: @escaping (Int) -> Element) {
        self.count = count
        self.element = element
    }

    /// The elements of `array`.
    @_spi(Testing) public init(_ array: [Element]) { self.init(count: array.count) { array[$0] } }

    @_spi(Testing) public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        guard count > 0, let registry = encoder.userInfo[StreamedJSON.registryKey] as? StreamedJSON.Registry else {
            try container.encode((0..<count).map(element))
            return
        }
        try container.encode([registry.add(self)])
    }
}

/// Writes pretty-printed JSON whose ``StreamedArray``s are written in batches: the output is
/// byte for byte what `JSONEncoder` with the same settings prints for the whole value.
@_spi(Testing) public enum StreamedJSON {
    /// Elements encoded at once.
    @_spi(Testing) public static let batchSize = 512

    static let registryKey = CodingUserInfoKey(rawValue: "locomotion.streamedArrays")!

    /// The arrays met while encoding a report's skeleton, each left as a placeholder string.
    final class Registry: @unchecked Sendable {
        /// For each placeholder, a function from an encoder and a batch number to the batch's
        /// lines (indented as elements of a top-level array).
        fileprivate var batches: [String: (JSONEncoder, Int) throws -> [String]] = [:]
        private let prefix = "\u{1}streamed-array-"

        fileprivate func add<Element>(_ array: StreamedArray<Element>) -> String {
            let marker = prefix + String(batches.count)
            batches[marker] = { encoder, batch in
                guard batch * batchSize < array.count else { return [] }
                let range = (batch * batchSize)..<min((batch + 1) * batchSize, array.count)
                let text = String(decoding: try encoder.encode(range.map(array.element)), as: UTF8.self)
                // Without the batch's own brackets.
                return text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().map(
                    String.init)
            }
            return marker
        }
    }

    /// Writes `value` as `encoder` (pretty-printed) would, one line or one batch of elements at a
    /// time, followed by a newline.
    ///
    /// - Throws: What the encoder throws.
    @_spi(Testing) public static func write(_ value: some Encodable, encoder: JSONEncoder, to output: (String) -> Void)
        throws
    {
        let registry = Registry()
        let skeletonEncoder = JSONEncoder()
        skeletonEncoder.outputFormatting = encoder.outputFormatting
        skeletonEncoder.nonConformingFloatEncodingStrategy = encoder.nonConformingFloatEncodingStrategy
        skeletonEncoder.userInfo = encoder.userInfo
        skeletonEncoder.userInfo[registryKey] = registry
        let skeleton = String(decoding: try skeletonEncoder.encode(value), as: UTF8.self)
        // How the encoder writes a placeholder's first character (an escaped control character).
        let escape = String(decoding: try encoder.encode("\u{1}"), as: UTF8.self).dropFirst().dropLast()
        for line in skeleton.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("\"" + escape), trimmed.hasSuffix("\""),
                let batches = registry.batches["\u{1}" + trimmed.dropFirst(1 + escape.count).dropLast()]
            else {
                output(line + "\n")
                continue
            }
            // A batch's elements are indented by 2; these go where the placeholder was.
            let indent = String(repeating: " ", count: line.count - trimmed.count - 2)
            var batch = 0
            var lines = try batches(encoder, 0)
            while !lines.isEmpty {
                let next = try batches(encoder, batch + 1)
                output(lines.map { indent + $0 }.joined(separator: "\n") + (next.isEmpty ? "\n" : ",\n"))
                (batch, lines) = (batch + 1, next)
            }
        }
    }
}
