import TradeChartCore
import TradeChartSystem

/// Plays the tone of each cursor step through one long-running player (`ToneStream`),
/// started at the first tone. When there is no player, or the player ends, the viewer
/// is told once (a note: the status line, or a line in the screen-reader mode) and
/// tones are quiet from then on.
public final class ToneService: HostService {
    private let choice: PlayerChoice
    private let sampleRate: Int
    private var stream: ToneStream?
    /// Set once the viewer was told that tones cannot play: they stay quiet.
    private var silenced = false
    /// Looks at the player now and then for a while after a tone: one that ended is told
    /// without waiting for the next key. Then nothing: no CPU while the cursor rests.
    public private(set) var nextTick: Double?
    private var lastTone = -Double.infinity
    static let lookInterval = 0.25
    static let lookFor = 2.0

    public init(player: PlayerChoice, sampleRate: Int = 22_050) {
        choice = player
        self.sampleRate = sampleRate
    }

    public func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
        guard case .playTone(let frequency) = command, !silenced else { return [] }
        if let ended = endedNote() { return ended }
        if stream == nil {
            guard let player = StreamPlayerCommand.find(choice, sampleRate: sampleRate) else {
                silenced = true
                return [.note(StreamPlayerCommand.noneFoundMessage)]
            }
            let started = ToneStream(command: player, sampleRate: sampleRate)
            do {
                try started.start()
            } catch {
                silenced = true
                return [.note("Tones not played: \(error)")]
            }
            stream = started
        }
        stream?.play(Tone(frequency: frequency))
        lastTone = time
        nextTick = time + Self.lookInterval
        return []
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        if let ended = endedNote() {
            nextTick = nil
            return ended
        }
        nextTick = stream != nil && time < lastTone + Self.lookFor ? time + Self.lookInterval : nil
        return []
    }

    public func finish() {
        stream?.stop()
        stream = nil
    }

    /// The note for a player that ended, once; nil while it plays.
    private func endedNote() -> [ViewerEvent]? {
        guard let stream, let reason = stream.endReason else { return nil }
        stream.stop()
        self.stream = nil
        silenced = true
        return [.note("Tones stopped: the player \(stream.command.name) \(reason)")]
    }
}
