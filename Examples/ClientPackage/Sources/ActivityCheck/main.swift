import Foundation
import Locomotion

// The vote fusion on the command line's arguments: speed (m/s), cadence (steps/s),
// variance (g²), and optionally the operating system's flags.
let arguments = CommandLine.arguments.dropFirst().map { Double($0) }
guard arguments.count >= 3, arguments.prefix(3).allSatisfy({ $0 != nil }) else {
    print("usage: ActivityCheck SPEED CADENCE VARIANCE")
    exit(2)
}
let fusion = try VoteFusion()
let decision = fusion.decide(
    ActivityEvidence(speed: arguments[0], cadence: arguments[1], accelerationVariance: arguments[2]))
print(decision.activity.displayName, decision.confidence, decision.votes.map { "\($0.activity) +\($0.weight)" })
