import Foundation

/// Where the phone is carried: sets its fixed attitude (drawn once per phase from the seed) and
/// how the carrier's motion reaches it.
///
/// Frames: the *carrier* frame moves with the person or vehicle (x forward, y left, z up); the
/// phone frame is the device's (x to the right of the screen, y to its top, z out of the screen,
/// as Android and Core Motion define them). Readings use Android's sign: a phone lying face up
/// reads z = +1 g (Core Motion reads −1 g; UCI HAPT and the driver-behaviour data read +1 g).
public enum PhonePlacement: String, Sendable, Hashable, CaseIterable, Codable {
    /// An inside or outside jacket pocket at chest or hip height: upright within 20°, screen in
    /// or out, top up or down. Moves with the trunk (about as a waist phone does).
    case jacketPocket = "jacket_pocket"
    /// A front trouser pocket while standing or walking: upright within 25°, top up or down; moves
    /// with the thigh, so gait reaches it more strongly than the trunk, with sharper impacts
    /// (MotionSense's pocket iPhones: sd|a| 0.52–0.62 g walking and about 1.0 g jogging, against
    /// UCI HAPT's waist phone walking at 0.21–0.27 g).
    case trouserPocket = "trouser_pocket"
    /// A trouser pocket while seated: the thigh is horizontal, so the phone lies within 20° of
    /// flat, face up or down.
    case trouserPocketSeated = "trouser_pocket_seated"
    /// A belt clip at the waist, upright within 10° (UCI HAPT's placement).
    case waistBelt = "waist_belt"
    /// Held in the hand in front of the body, screen up and tilted 20–45° toward the user.
    case handHeld = "hand_held"
    /// A dashboard or windscreen mount facing the driver, tilted back 5–25°, portrait or
    /// landscape; stiff, so it passes the car's high-frequency vibration on amplified (the
    /// driver-behaviour data's windscreen mount: sd|a| 0.042–0.049 g median per trip).
    case dashboardMount = "dashboard_mount"
    /// Standing in a cup holder, leaning 15–35° from vertical in any direction; loose, so it
    /// rattles a little.
    case cupholder
    /// The back pocket of a cycling jersey: the rider leans forward, so the phone leans 30–50°
    /// from vertical; moves with the lower back.
    case jerseyPocket = "jersey_pocket"
    /// Any attitude, drawn uniformly.
    case anywhere
}

extension PhonePlacement {
    /// The phone-to-carrier rotation for this placement, drawn from `random`.
    func attitude(_ random: inout SimulationRandom) -> Rotation {
        // Base attitudes as the carrier-frame images of the phone's axes.
        // Upright, screen facing backward (toward the person, or the driver): x right, y up, z back.
        let upright = Rotation(columns: SIMD3(0, -1, 0), SIMD3(0, 0, 1), SIMD3(-1, 0, 0))
        // Flat, face up, top pointing forward.
        let flat = Rotation(columns: SIMD3(0, -1, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1))
        let aboutUp = { (angle: Double) in Rotation(axis: SIMD3(0, 0, 1), angle: angle) }
        func tilt(_ degrees: ClosedRange<Double>, azimuth: Double? = nil) -> Rotation {
            let angle = random.uniform(degrees) * .pi / 180
            let direction = azimuth ?? random.uniform(0...(2 * .pi))
            return Rotation(axis: SIMD3(cos(direction), sin(direction), 0), angle: angle)
        }
        // Phone-frame flips: top down (about the phone's z), screen turned over (about its y).
        let topDown = Rotation(axis: SIMD3(0, 0, 1), angle: .pi)
        let turnedOver = Rotation(axis: SIMD3(0, 1, 0), angle: .pi)
        func flips(topDown p: Double, turnedOver q: Double) -> Rotation {
            var r = Rotation.identity
            if random.chance(p) { r = r * topDown }
            if random.chance(q) { r = r * turnedOver }
            return r
        }
        switch self {
        case .jacketPocket:
            let yaw = random.uniform(-0.35...0.35)
            return aboutUp(yaw) * tilt(0...20) * upright * flips(topDown: 0.5, turnedOver: 0.5)
        case .trouserPocket:
            let yaw = random.uniform(-0.5...0.5)
            return aboutUp(yaw) * tilt(0...25) * upright * flips(topDown: 0.5, turnedOver: 0.5)
        case .trouserPocketSeated:
            let yaw = random.uniform(-0.4...0.4)
            return aboutUp(yaw) * tilt(0...20) * flat * flips(topDown: 0.5, turnedOver: 0.5)
        case .waistBelt:
            return aboutUp(random.uniform(-0.2...0.2)) * tilt(0...10) * upright
        case .handHeld:
            // Flat, then raised toward the user (about the carrier's y axis).
            let raise = Rotation(axis: SIMD3(0, 1, 0), angle: -random.uniform(20...45) * .pi / 180)
            return aboutUp(random.uniform(-0.3...0.3)) * raise * flat
        case .dashboardMount:
            let back = Rotation(axis: SIMD3(0, 1, 0), angle: random.uniform(5...25) * .pi / 180)
            let landscape = random.chance(0.3) ? Rotation(axis: SIMD3(0, 0, 1), angle: .pi / 2) : .identity
            return aboutUp(random.uniform(-0.2...0.2)) * back * upright * landscape
        case .cupholder:
            return aboutUp(random.uniform(0...(2 * .pi))) * tilt(15...35) * upright * flips(topDown: 0.2, turnedOver: 0)
        case .jerseyPocket:
            // The back faces backward: screen toward the back or the body; leaning forward.
            let lean = Rotation(axis: SIMD3(0, 1, 0), angle: random.uniform(30...50) * .pi / 180)
            return aboutUp(random.uniform(-0.25...0.25)) * lean * upright * flips(topDown: 0.3, turnedOver: 0.5)
        case .anywhere:
            return Rotation.uniform(&random)
        }
    }

    /// How strongly a vehicle's vibration above about 5 Hz reaches the phone, relative to a phone
    /// resting on a seat; and whether it rattles.
    var vehicleTransfer: (highFrequency: Double, rattle: Double) {
        switch self {
        case .dashboardMount: return (1.5, 0)
        case .cupholder: return (1.2, 1)
        case .trouserPocketSeated, .jacketPocket, .trouserPocket: return (0.6, 0)
        case .handHeld: return (0.7, 0)
        case .waistBelt, .jerseyPocket, .anywhere: return (1, 0)
        }
    }
}
