import Locomotion
import LocomotionSimulation
import LocomotionTestSupport
import Testing

/// The short form of `make soak`: an hour of chunked session (four scenarios, GPS fixes and OS
/// reports) through the streaming detector equals the batch path on the same rows.
@Suite("Soak: streaming equals batch")
struct SoakTests {
    @Test func anHourInChunksGivesTheBatchPathsWindowsTimelineAndSteps() throws {
        let session = SoakSession(chunkSeconds: 900, chunkCount: 4)
        let comparison = try SoakComparison(session, chunks: 4)
        #expect(comparison.streamed.count == comparison.batch.count)
        #expect(comparison.streamed == comparison.batch)
        #expect(comparison.streamedSegments == comparison.batchSegments)
        #expect(comparison.streamedDetectedSteps == comparison.batchDetectedSteps)
        // The session really moves between activities and walks: the comparison is not vacuous.
        #expect(Set(comparison.batchSegments.map(\.activity)).count >= 3)
        #expect(comparison.batchDetectedSteps > 500)
        #expect(comparison.batch.count > 2_500)
    }

    @Test func chunksAreContinuousAndRepeatable() {
        let session = SoakSession(chunkSeconds: 900, chunkCount: 2)
        let (first, second) = (session.chunk(0), session.chunk(1))
        #expect(abs(second.recording.time[0] - first.recording.time.last! - 0.02) < 1e-9)
        // (Whole recordings do not compare: their NaN cadence cells never equal themselves.)
        let again = session.chunk(1).recording
        #expect(again.time == second.recording.time && again.acceleration == second.recording.acceleration)
        #expect(!second.activityReports.isEmpty && second.activityReports.allSatisfy { $0.start >= 900 })
    }
}
