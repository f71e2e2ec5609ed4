import Foundation

/// What the numbers were measured on, printed above every run: timings only compare across
/// machines with this beside them.
enum Machine {
    /// The CPU model and its reported clock (from `/proc/cpuinfo` on Linux; "unknown CPU"
    /// elsewhere), the logical cores and the physical memory.
    static var summary: String {
        var model = "unknown CPU"
        var clock: String?
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) {
            func field(_ name: String) -> String? {
                cpuinfo.split(separator: "\n").first { $0.hasPrefix(name) }?
                    .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
            }
            model = field("model name") ?? model
            clock = field("cpu MHz").flatMap(Double.init).map { String(format: "%.0f MHz reported", $0) }
        }
        let processInfo = ProcessInfo.processInfo
        let memory = Double(processInfo.physicalMemory) / 1_073_741_824
        return [model, clock, "\(processInfo.activeProcessorCount) logical cores", String(format: "%.1f GiB", memory)]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
