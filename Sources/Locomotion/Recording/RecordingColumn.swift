/// The quantities a recording's columns can hold, with the header names that identify them.
///
/// Header names are matched case-insensitively after trimming spaces. A name whose suffix states
/// a unit (`_g`, `_m_s2`, `_rad_s`, `_deg_s`) is converted from that unit; a bare name (`ax`,
/// `gx`) is read in the unit ``RecordingReadOptions`` gives.
public enum RecordingColumn: String, Sendable, Hashable, CaseIterable, Comparable {
    /// Time in seconds (`t_s`, `time`, `timestamp`, …).
    case time
    /// Acceleration including gravity on the device's x, y and z axes, in g.
    case accelerationX, accelerationY, accelerationZ
    /// Acceleration without gravity on the device's x, y and z axes, in g: "linear" (Android) or
    /// "user" (CoreMotion) acceleration, or Sensor Logger's `Accelerometer.csv`.
    case linearAccelerationX, linearAccelerationY, linearAccelerationZ
    /// The gravity vector on the device's x, y and z axes, in g (about 1 g long), as CoreMotion
    /// gives it beside the user acceleration; with ``linearAccelerationX`` and its axes it makes
    /// the acceleration including gravity (see ``Recording/accelerationContent``).
    case gravityX, gravityY, gravityZ
    /// The rotation rate about the device's x, y and z axes, in rad/s.
    case rotationRateX, rotationRateY, rotationRateZ
    /// GPS speed and its accuracy (m/s; negative marks an invalid value), the horizontal
    /// accuracy (m), latitude and longitude (degrees).
    case speed, speedAccuracy, horizontalAccuracy, latitude, longitude
    /// The pedometer's cadence (steps/s) and its cumulative step count.
    case cadence, steps
    /// A label: the activity or dataset code of the row, as text.
    case label

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The header names recognised for this quantity, in order of preference.
    public var aliases: [String] {
        switch self {
        case .time: return ["t", "t_s", "time", "time_s", "timestamp"]
        case .accelerationX: return Self.axisAliases("x", acceleration: true)
        case .accelerationY: return Self.axisAliases("y", acceleration: true)
        case .accelerationZ: return Self.axisAliases("z", acceleration: true)
        case .linearAccelerationX: return Self.linearAliases("x")
        case .linearAccelerationY: return Self.linearAliases("y")
        case .linearAccelerationZ: return Self.linearAliases("z")
        case .gravityX: return Self.gravityAliases("x")
        case .gravityY: return Self.gravityAliases("y")
        case .gravityZ: return Self.gravityAliases("z")
        case .rotationRateX: return Self.axisAliases("x", acceleration: false)
        case .rotationRateY: return Self.axisAliases("y", acceleration: false)
        case .rotationRateZ: return Self.axisAliases("z", acceleration: false)
        case .speed: return ["speed", "speed_m_s", "speed_mps", "gps_speed"]
        case .speedAccuracy: return ["speed_accuracy", "speedaccuracy", "speed_accuracy_m_s"]
        case .horizontalAccuracy: return ["horizontal_accuracy", "horizontalaccuracy", "horizontal_accuracy_m"]
        case .latitude: return ["latitude", "lat"]
        case .longitude: return ["longitude", "lon", "lng"]
        case .cadence: return ["cadence", "cadence_steps_s"]
        case .steps: return ["steps", "step_count"]
        case .label: return ["label", "activity"]
        }
    }

    private static func axisAliases(_ axis: String, acceleration: Bool) -> [String] {
        acceleration
            ? ["a\(axis)", "acc_\(axis)", "acc_\(axis)_g", "acc_\(axis)_m_s2", "accel_\(axis)"]
            : [
                "g\(axis)", "gyr_\(axis)", "gyro_\(axis)", "gyr_\(axis)_rad_s", "gyr_\(axis)_deg_s",
                "gyro_\(axis)_deg_s",
            ]
    }

    /// Gravity-removed acceleration: the package's `linacc_*`, CoreMotion's `userAcceleration`
    /// (as `user_acc_x`, `useracceleration_x`, `userAccelerationX` or `userAcceleration.x`) and
    /// Android's `linear_acceleration` (`linear_acceleration_x`, `lin_acc_x`).
    private static func linearAliases(_ axis: String) -> [String] {
        [
            "linacc_\(axis)", "linacc_\(axis)_g", "linacc_\(axis)_m_s2", "user_acc_\(axis)", "user_acc_\(axis)_g",
            "user_acc_\(axis)_m_s2", "useracceleration_\(axis)", "useracceleration\(axis)", "useracceleration.\(axis)",
            "linear_acceleration_\(axis)", "linear_acceleration_\(axis)_m_s2", "linear_acc_\(axis)",
            "linear_acc_\(axis)_g", "linear_acc_\(axis)_m_s2", "lin_acc_\(axis)", "lin_acc_\(axis)_g",
            "lin_acc_\(axis)_m_s2",
        ]
    }

    /// The gravity vector: `gravity_x` (with a unit suffix or without), CoreMotion's
    /// `gravity.x`/`gravityX`.
    private static func gravityAliases(_ axis: String) -> [String] {
        ["gravity_\(axis)", "gravity_\(axis)_g", "gravity_\(axis)_m_s2", "gravity\(axis)", "gravity.\(axis)"]
    }

    /// The header name ``RecordingWriter`` writes: one that states the package's unit
    /// (`t_s`, `acc_x_g`, `gyr_x_rad_s`, `speed`, …), so the file reads back without unit options.
    public var canonicalName: String {
        switch self {
        case .time: return "t_s"
        case .accelerationX: return "acc_x_g"
        case .accelerationY: return "acc_y_g"
        case .accelerationZ: return "acc_z_g"
        case .linearAccelerationX: return "linacc_x_g"
        case .linearAccelerationY: return "linacc_y_g"
        case .linearAccelerationZ: return "linacc_z_g"
        case .gravityX: return "gravity_x_g"
        case .gravityY: return "gravity_y_g"
        case .gravityZ: return "gravity_z_g"
        case .rotationRateX: return "gyr_x_rad_s"
        case .rotationRateY: return "gyr_y_rad_s"
        case .rotationRateZ: return "gyr_z_rad_s"
        default: return aliases[0]  // speed, speed_accuracy, …, steps, label: already in the package's unit
        }
    }

    /// The unit this quantity is stored in, for display.
    public var unit: String {
        switch self {
        case .time: return "s"
        case .accelerationX, .accelerationY, .accelerationZ, .linearAccelerationX, .linearAccelerationY,
            .linearAccelerationZ, .gravityX, .gravityY, .gravityZ:
            return "g"
        case .rotationRateX, .rotationRateY, .rotationRateZ: return "rad/s"
        case .speed, .speedAccuracy: return "m/s"
        case .horizontalAccuracy: return "m"
        case .latitude, .longitude: return "°"
        case .cadence: return "steps/s"
        case .steps: return "steps"
        case .label: return ""
        }
    }

    /// Whether rows may leave this column empty (no GPS fix or pedometer event in that row).
    var isSparse: Bool {
        switch self {
        case .speed, .speedAccuracy, .horizontalAccuracy, .latitude, .longitude, .cadence, .steps, .label:
            return true
        default:
            return false
        }
    }

    /// The values this quantity can take, when not every finite number: latitude −90...90° and
    /// longitude −180...180°. The reader treats a value outside as ``RowProblem/outOfRange``.
    var validRange: ClosedRange<Double>? {
        switch self {
        case .latitude: return -90...90
        case .longitude: return -180...180
        default: return nil
        }
    }

    var isAcceleration: Bool {
        switch self {
        case .accelerationX, .accelerationY, .accelerationZ, .linearAccelerationX, .linearAccelerationY,
            .linearAccelerationZ, .gravityX, .gravityY, .gravityZ:
            return true
        default:
            return false
        }
    }

    var isRotationRate: Bool { self == .rotationRateX || self == .rotationRateY || self == .rotationRateZ }
}
