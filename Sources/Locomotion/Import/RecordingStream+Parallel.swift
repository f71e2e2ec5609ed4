import Foundation

/// Parsing a chunk's lines on several cores.
extension RecordingStream {
    /// Lines per share below which parsing in parallel does not pay.
    static let linesPerShare = 1_024

    /// One worker's share of a chunk and what came of it.
    private struct WorkerShare: @unchecked Sendable {
        var lines: Range<Int>
        var parser: RowParser
        var isClean = false
        var firstTime = Double.nan
        var lastTime = Double.nan
        var labels: [String] = []
        var extras: [[String]] = []
    }

    /// Pointers the workers share; each writes only its own rows and its own share.
    private struct ParallelBatch: @unchecked Sendable {
        let bytes: UnsafePointer<UInt8>
        let lineStarts: UnsafePointer<Int>
        let lineEnds: UnsafePointer<Int>
        let time: UnsafeMutablePointer<Double>
        let values: UnsafeMutablePointer<Double>
        let stride: Int
        let shares: UnsafeMutablePointer<WorkerShare>
    }

    /// Parses the next lines on several cores when they are plain rows: every line a good row, in
    /// time order, no quotes. Each worker parses a contiguous run of lines into its own rows with
    /// its own parser state; the chunk is kept only if every run is clean and the runs join in
    /// time order. Otherwise nothing is consumed and `nil` sends the caller down the sequential
    /// path, which reports problems with their line numbers, so results never depend on the
    /// number of cores.
    func parallelChunk(capacity: Int, keepsText: Bool) throws(LocomotionError) -> Recording? {
        // The size first: the processor count is a system call, and small chunks never share.
        guard capacity >= 2 * Self.linesPerShare else { return nil }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard cores > 1 else { return nil }
        try lines.refillIfLow()
        // Find the complete lines in the buffer, up to the chunk's capacity.
        if lineBoundsCapacity < capacity {
            lineBounds.deallocate()
            lineBounds = .allocate(capacity: 2 * capacity)
            lineBoundsCapacity = capacity
        }
        let (lineStarts, lineEnds) = (lineBounds, lineBounds + capacity)
        var count = 0
        var position = lines.start
        let (base, end) = (UnsafePointer(lines.bytes.baseAddress!), lines.end)
        while count < capacity, position < end, let newline = memchr(base + position, 0x0A, end - position) {
            let lineEnd = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - base
            guard lineEnd - position <= lines.maximumLineBytes else { return nil }  // the sequential path throws
            lineStarts[count] = position
            lineEnds[count] = lineEnd
            count += 1
            position = lineEnd + 1
        }
        // A few shares per core, so a core that starts late still finds work.
        let shareCount = min(4 * cores, count / Self.linesPerShare)
        guard shareCount > 1 else { return nil }

        let shares = UnsafeMutablePointer<WorkerShare>.allocate(capacity: shareCount)
        defer {
            for index in 0..<shareCount { shares[index].parser.deallocateCells() }
            shares.deinitialize(count: shareCount)
            shares.deallocate()
        }
        for index in 0..<shareCount {
            var worker = parser.copyWithOwnCells()
            worker.lastTime = -.infinity
            (shares + index).initialize(
                to: WorkerShare(
                    lines: (count * index / shareCount)..<(count * (index + 1) / shareCount), parser: worker))
        }
        let labelCell = self.labelCell
        let (extraIndices, labelTranslations, maximumCellBytes) = (
            layout.extraIndices, options.labelTranslations, options.maximumCellBytes
        )
        let batch = ParallelBatch(
            bytes: base, lineStarts: lineStarts, lineEnds: lineEnds, time: chunkTime, values: chunkValues,
            stride: chunkCapacity, shares: shares)
        let extrasToKeep = keepsText ? extraIndices : []
        DispatchQueue.concurrentPerform(iterations: shareCount) { index in
            Self.parse(
                batch, share: index, labelCell: labelCell, extraIndices: extrasToKeep,
                labelTranslations: labelTranslations,
                maximumCellBytes: maximumCellBytes)
        }
        // Keep the chunk only if every share is clean and the shares join in time order.
        var previousTime = parser.lastTime
        for index in 0..<shareCount {
            guard shares[index].isClean, shares[index].firstTime >= previousTime else { return nil }
            previousTime = shares[index].lastTime
        }
        let rows = shares[shareCount - 1].lines.upperBound
        var labels: [String] = []
        var extras = [[String]](repeating: [], count: keepsText ? extraIndices.count : 0)
        for index in 0..<shareCount {
            labels += shares[index].labels
            for column in extras.indices { extras[column] += shares[index].extras[column] }
        }
        if extras.isEmpty { extras = extraIndices.map { _ in [] } }
        lines.consume(upTo: lineEnds[rows - 1] + 1, lineCount: rows)
        parser.lastTime = previousTime
        report.rowsRead += rows
        parallelChunkCount += 1
        return makeRecording(rows: rows, labels: labels, extras: extras)
    }

    /// One worker: parses its share's lines into their rows.
    private static func parse(
        _ batch: ParallelBatch, share index: Int, labelCell: Int?, extraIndices: [Int],
        labelTranslations: [String: String],
        maximumCellBytes: Int
    ) {
        var share = batch.shares[index]
        defer { batch.shares[index] = share }
        share.extras = extraIndices.map { _ in [] }
        // The share's first quote, found once: the lines before it have none, and its line stops the
        // share (only newlines lie between lines).
        var firstQuote = Int.max
        if let first = share.lines.first, let last = share.lines.last {
            let (from, to) = (batch.lineStarts[first], batch.lineEnds[last])
            if to > from, let quote = memchr(batch.bytes + from, 0x22, to - from) {
                firstQuote = UnsafeRawPointer(quote) - UnsafeRawPointer(batch.bytes)
            }
        }
        for line in share.lines {
            let (lineStart, lineEnd) = (batch.lineStarts[line], batch.lineEnds[line])
            if firstQuote < lineEnd { return }
            guard
                case .row(let t) = share.parser.parse(
                    batch.bytes, lineStart, lineEnd, delimiter: 0x2C, values: batch.values, stride: batch.stride,
                    row: line)
            else { return }
            if line == share.lines.lowerBound { share.firstTime = t }
            batch.time[line] = t
            /// The cell's text; `nil` for one the sequential path must report (too long, not UTF-8).
            func text(_ cell: Int) -> String? {
                let (cellStart, count) = (
                    share.parser.cellStarts[cell], share.parser.cellEnds[cell] - share.parser.cellStarts[cell]
                )
                return count > maximumCellBytes ? nil : decodeText(batch.bytes + cellStart, count: count)
            }
            if let labelCell {
                guard let written = text(labelCell) else { return }
                share.labels.append(labelTranslations[written] ?? written)
            }
            for (column, cell) in extraIndices.enumerated() {
                guard let cellText = text(cell) else { return }
                share.extras[column].append(cellText)
            }
        }
        share.lastTime = share.parser.lastTime
        share.isClean = true
    }
}
