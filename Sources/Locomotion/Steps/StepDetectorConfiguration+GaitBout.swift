extension StepDetectorConfiguration {
    /// The gait bout: steps picked inside a bout that the walker's own recent signal shows to be
    /// periodic, with thresholds relative to that bout (the gait-sequence-then-initial-contact
    /// order of the Mobilise-D pipelines: Micó-Amigo et al., J NeuroEng Rehabil 20:78, 2023).
    ///
    /// At each candidate the fixed rules do not call strong, the detector looks at the last
    /// ``window`` seconds of the low-passed magnitude (ending where the candidate's context ends)
    /// and finds its step period *P*: the autocorrelation's step lag among ``periods``
    /// (`GaitRegularity`'s rule), if it reaches ``regularity``. Inside such a bout a
    /// candidate is strong when
    /// - its prominence reaches ``energyFraction`` times the bout's standard deviation (its
    ///   own energy, not a fixed level) and ``prominenceFloor``, and
    /// - the bout's rhythm allows it: the previous candidate lies at least
    ///   (1 − ``Rhythm/periodTolerance``) × *P* before it, so a push-off hump at 60 % of the step
    ///   is not a second step; and *P* ≥ ``shortestPeriod``.
    ///
    /// The bout rule then confirms a run whose every interval keeps *P* (within the tolerance)
    /// with ``Rhythm/matchedRunLength`` candidates, ``Rhythm/matchedStrongSteps`` strong. The vibration and posture rules still apply;
    /// the bout needs horizontal motion (``horizontalMotion``), and its steps do not teach the
    /// walker's rhythm. docs/Accuracy.md ("Gait bouts
    /// found by periodicity first") gives the measurements behind each default.
    public struct GaitBout: Sendable, Hashable, Codable {
        /// How much of the walker's recent signal the bout's periodicity is measured on, in s;
        /// 0 turns the gait bout off. Six seconds hold four steps at 40 steps/min (1.5 s), where the
        /// ±2 s context holds two or three; 8 s reaches across more pauses (impaired proxies
        /// pooled F1 0.87 against 0.89 at 6 s), 4 s sees too few slow steps (the slowed
        /// Mobilise-D variants, docs/Accuracy.md). At most
        /// ``StepDetectorConfiguration/longestDuration``, and at least twice the longest step
        /// period when on.
        ///
        /// On (6 s) by default, behind two gates: ``horizontalMotion``, and a step only the bout
        /// admitted never teaches the walker's rhythm (``StepDetectorConfiguration/Rhythm``), so a
        /// vehicle's sway or a rider's pedalling cannot become walking evidence. Without them it
        /// gave 86–91 raw steps per minute on the simulated vehicle vibration of
        /// `StepDetectorTests` and walking windows in the simulated rides of
        /// `WalkerRhythmEvidenceTests` (docs/Accuracy.md, "The gait bout on by default").
        public var window: Double = 6
        /// The step periods the bout's autocorrelation is read at, in s: 0.3–1.6 s (200 to 37
        /// steps/min), so that the slowest walkers of issue 31 (40–50 steps/min) are inside.
        public var periods: ClosedRange<Double> = 0.3...1.6
        /// The normalised autocorrelation at the step period that makes the window a gait bout.
        /// 0.3: a slow walker's 6 s with a pause or a turn in it; at 0.5 the bout path found few of
        /// the impaired proxies' missed steps (pooled F1 0.80 → 0.80 against 0.89 at 0.3), at 0.2
        /// it added 10 detections per minute outside Mobilise-D HA001 Test11's bouts (sitting,
        /// standing up) for 0.02 of F1 (docs/Accuracy.md, "Gait bouts found by periodicity first").
        public var regularity: Double = 0.3
        /// The bout path serves bouts whose step period is at least this, in s (100 steps/min and
        /// slower). Gait too weak for the fixed amplitude rule is slow gait; the step-like runs
        /// the bout path would otherwise add in metro cars and cars are at 0.3–0.5 s (2–3 Hz body
        /// vibration: 45 → 203 raw detections in Paris metro's Comparo ride at any period).
        public var shortestPeriod: Double = 0.6
        /// A candidate inside the bout is strong when its prominence reaches this multiple of
        /// the bout window's standard deviation: the bout's own energy, whatever the walker's.
        /// It keeps the small wobbles between a bout's steps out; at 0.25 the detections outside
        /// Mobilise-D HA001's reference bouts (sitting down, standing up, turning) rose from 20.2
        /// to 23.0 per minute for 0.007 of the impaired proxies' F1.
        public var energyFraction: Double = 0.5
        /// …and this absolute floor, in g: above the noise of a phone at rest (low-passed at 3 Hz,
        /// about 0.002–0.005 g; `StepGaitBoutTests`), below the 0.03 g of the fixed amplitude
        /// rule, which the slowest walkers' whole excursion may not reach.
        public var prominenceFloor: Double = 0.01
        /// The bout's horizontal motion: the root-mean-square horizontal acceleration (without
        /// gravity, low-passed as the magnitude) over the bout window must reach this multiple of
        /// the vertical acceleration's standard deviation. What it protects against: a vehicle's
        /// suspension, which bounces a seated body up and down at 1–2 Hz (periods of 0.5–1 s, the
        /// slow walker's), where walking also moves the trunk forward and sideways at every step
        /// (on the lower back the anteroposterior acceleration is as large as the vertical).
        /// Measured (6 s ending 2 s after each candidate the bout path admitted, 0.4–3 Hz):
        /// 0.13–0.22 on the simulated vehicle vibration of `StepDetectorTests` (5th–95th
        /// percentile), 1.03–3.8 at the true steps of the slowed Mobilise-D variants of
        /// `slow_gait.py`; 0.5 lies between. Real vehicles sway as well (0.3–5.8 at the bout
        /// candidates of driver-behavior, car-phone and the Paris metro): there the activity
        /// layer keeps the steps out of the count (docs/Accuracy.md). Needs the three axes: with
        /// magnitudes only the rule cannot judge and passes.
        public var horizontalMotion: Double = 0.5
        /// The predicted step: while a run is confirmed (``Bout``) at a step period *P* ≥
        /// ``shortestPeriod`` (the mean of its last two intervals), a candidate the other rules
        /// reject (amplitude, vibration, periodicity; the posture rule and the candidate spacing
        /// still apply) is held when it comes where the run's rhythm predicts the next step (*P*
        /// after the run's last step, within ``Rhythm/periodTolerance``) and its prominence reaches
        /// ``fillFraction`` times the walker's recent step prominence and ``prominenceFloor``. It
        /// becomes a step when the next step the rules admit comes *P* after it, and is dropped
        /// otherwise: it fills a gap inside a bout and never trails one. At most this many such
        /// steps may follow one another (0 to 8); 0 turns it off (so does ``window`` 0). A predicted
        /// step never teaches the walker's rhythm.
        ///
        /// Why: inside a slow walker's bout one step can be missed while its neighbours are found:
        /// a small step (the foot brought alongside at a turn) under the fixed 0.02 g floor, or a
        /// context that a pause has made still, so that the sensor noise above 3 Hz outweighs its
        /// spread (the vibration rule). What the conditions protect against: the predicted time
        /// keeps a push-off hump (at about 60 % of the step) out; the walker-relative prominence,
        /// small wobbles; the confirming next step, the shuffle or sway after a walker stops (with
        /// trailing predicted steps, the detections outside Mobilise-D HA001 Test5 trial 2's bout
        /// rose from 32.4 to 43.2 per minute, GaitPy's lumbar demo counted +24 % against +18 %);
        /// the slow period, brisk walkers (periods under 0.6 s are never filled). 1 and 2 gave the
        /// same counts on the slowed Mobilise-D variants, Voisard and Oxford; 1 is the default.
        /// Measured in docs/Accuracy.md ("The predicted step").
        public var fillSteps: Int = 1
        /// A predicted step's prominence, as a multiple of the walker's recent step prominence
        /// (an exponential average, weight 0.25, of the prominences of the candidates the bout
        /// rule was given, predicted steps excepted). See ``fillSteps``. 0.1: a missed step is
        /// often a tenth of its neighbours (0.009 g after 0.09 g in the slowed Mobilise-D
        /// variants); at 0.2 the slowweak variant's gain (count −6 → −5 %) was lost.
        public var fillFraction: Double = 0.1
        /// The walker's echo: a short bout at the walker's own rhythm. After a confirmed run at a
        /// step period *P* ≥ ``shortestPeriod`` (its last step at most ``echoMemory`` before), this
        /// many candidates in a row that the amplitude or periodicity rule rejects (the vibration
        /// and posture rules and the candidate spacing still apply) are steps when each comes *P*
        /// (within ``Rhythm/periodTolerance``) after the one before it and its prominence reaches
        /// ``echoFraction`` times the walker's recent step prominence and ``prominenceFloor``;
        /// the run's later candidates that keep *P* are steps at once. 0 turns it off (2 to 8
        /// otherwise). Echo steps never teach the walker's rhythm or prominence; a candidate the
        /// rules admit ends the echo run.
        ///
        /// Why: a slow walker's short bout between pauses (3–4 steps after a pause or before a
        /// turn) has a ±2 s and 6 s context whose periodicity is 0.1–0.2, so the periodicity rule
        /// rejects steps as large as the walker's own (slowed Mobilise-D HA001 Test11 impaired-s1,
        /// 50.0–52.1 s). What each condition protects against: the walker's own period and three
        /// candidates in a row, isolated bumps and the swing of a sit-to-stand; the walker-relative
        /// prominence, wobbles; ``echoMemory``, a rhythm long gone; the slow period, brisk walkers.
        /// Measured on the slowed Mobilise-D variants of `slow_gait.py` (seed 12), Voisard, Oxford
        /// and the vehicle recordings (docs/Accuracy.md, "The walker's echo"): impaired-s1 count
        /// −17 → −12 % inside the bouts, every other source's steps unchanged but two Paris metro
        /// rides' raw detections (gated counts unchanged); 2, 3 and 4 gave the same counts there.
        public var echoSteps: Int = 3
        /// An echo step's prominence, as a multiple of the walker's recent step prominence (see
        /// ``echoSteps``). 0.2 and 0.3 gave the same counts; at 0.5 half of the short bout's steps
        /// (0.04–0.07 g after 0.13 g steps) were lost.
        public var echoFraction: Double = 0.3
        /// How long after a confirmed run's last step its period may confirm an echo (see
        /// ``echoSteps``), in s; at most ``StepDetectorConfiguration/longestDuration``. 5, 10 and
        /// 30 s gave the same counts (the slowed walks' pauses last 1.8–2 s); 10 s bounds it.
        public var echoMemory: Double = 10

        /// The defaults.
        public init() {}

        private enum CodingKeys: String, CodingKey {
            case window, periods, regularity, shortestPeriod, energyFraction, prominenceFloor, horizontalMotion
            case fillSteps, fillFraction, echoSteps, echoFraction, echoMemory
        }

        /// Decodes the parameters; ``fillSteps`` and ``fillFraction``, missing from a
        /// configuration encoded before they existed, take their defaults.
        ///
        /// - Throws: `DecodingError` when a present value has the wrong type.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            window = try c.decode(Double.self, forKey: .window)
            periods = try c.decode(ClosedRange<Double>.self, forKey: .periods)
            regularity = try c.decode(Double.self, forKey: .regularity)
            shortestPeriod = try c.decode(Double.self, forKey: .shortestPeriod)
            energyFraction = try c.decode(Double.self, forKey: .energyFraction)
            prominenceFloor = try c.decode(Double.self, forKey: .prominenceFloor)
            horizontalMotion = try c.decode(Double.self, forKey: .horizontalMotion)
            fillSteps = try c.decodeIfPresent(Int.self, forKey: .fillSteps) ?? GaitBout().fillSteps
            fillFraction = try c.decodeIfPresent(Double.self, forKey: .fillFraction) ?? GaitBout().fillFraction
            echoSteps = try c.decodeIfPresent(Int.self, forKey: .echoSteps) ?? GaitBout().echoSteps
            echoFraction = try c.decodeIfPresent(Double.self, forKey: .echoFraction) ?? GaitBout().echoFraction
            echoMemory = try c.decodeIfPresent(Double.self, forKey: .echoMemory) ?? GaitBout().echoMemory
        }
    }
}
