import Glibc

/// One cursor step as sound: a sine at `frequency` for about 80 ms that rises from
/// silence and falls back to it along half a cosine (a soft attack and release), so it
/// starts and ends without a click. The pitch comes from the audiograph's `PitchMap`.
public struct Tone: Sendable, Equatable {
    /// Hertz.
    public var frequency: Double
    /// Seconds from the first sample to the last, attack and release included.
    public var duration: Double
    /// Seconds the level takes to rise from silence to `amplitude`.
    package var attack: Double
    /// Seconds the level takes to fall back to silence at the end.
    public var release: Double
    /// Peak level as a fraction of full scale.
    package var amplitude: Double

    public init(frequency: Double, duration: Double = 0.08, attack: Double = 0.01, release: Double = 0.025,
                amplitude: Double = 0.4) {
        self.frequency = frequency.isFinite ? min(max(frequency, 20), 10_000) : 440
        self.duration = duration.isFinite ? min(max(duration, 0.01), 2) : 0.08
        self.attack = attack.isFinite ? min(max(attack, 0), self.duration / 2) : 0
        self.release = release.isFinite ? min(max(release, 0), self.duration / 2) : 0
        self.amplitude = amplitude.isFinite ? min(max(amplitude, 0), 1) : 0
    }

    /// The tone alone, from silence to silence, as 16-bit samples.
    public func samples(sampleRate: Int) -> [Int16] {
        var mixer = ToneMixer(sampleRate: sampleRate)
        mixer.start(self)
        return mixer.render(count: Clamp.int((duration * Double(mixer.sampleRate)).rounded()))
    }
}
