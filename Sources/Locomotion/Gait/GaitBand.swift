/// Frequency bands of human gait, in Hz.
public enum GaitBand {
    /// Step frequencies of walking and slow running, 0.6–2.5 Hz: a slow walk steps at about
    /// 1.4 Hz, a brisk one at 2 Hz; people walking freely step at 1.6–2.4 Hz (A. Pachi and T. Ji,
    /// "Frequency and velocity of people walking", The Structural Engineer 83(3), 2005, 36–40).
    /// Engine and road vibration sit above it.
    public static let `default`: ClosedRange<Double> = 0.6...2.5
}
