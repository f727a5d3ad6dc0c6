import FoundationEssentials
import TradeChartCore
import TradeChartSystem

/// Plays the audiograph when the viewer asks, through the system player, one at a
/// time; tells the viewer when it started, why it could not, and when it ended (at its
/// end, or early when the player ended first); stops it when the viewer closes.
public final class SoundService: HostService {
    private let session = AudiographSession()
    private let audiograph = Audiograph()
    private let player: PlayerChoice
    private var playingUntil: Double?
    /// While a sound plays, the player is looked at now and then: a player that ends
    /// early (no sound device, say) stops the cursor following it.
    public private(set) var nextTick: Double?
    static let lookInterval = 0.25

    public init(player: PlayerChoice = .known(searchPath: ProcessInfo.processInfo.environment["PATH"])) {
        self.player = player
    }

    public func perform(_ command: ViewerCommand, at time: Double) -> [ViewerEvent] {
        switch command {
        case .playAudiograph(let series, let slice):
            let result = session.play(of: series, slice: slice, audiograph: audiograph, player: player)
            guard case .playing = result else { return [.sound(.notPlayed(note: result.message))] }
            playingUntil = time + audiograph.duration
            nextTick = time + Self.lookInterval
            return [.sound(.started(duration: audiograph.duration, note: result.message))]
        case .stopSound:
            session.stop()
            playingUntil = nil
            nextTick = nil
            return []
        default:
            return []
        }
    }

    public func tick(at time: Double) -> [ViewerEvent] {
        guard let until = playingUntil else {
            nextTick = nil
            return []
        }
        if time < until && session.isPlaying {
            nextTick = min(until, time + Self.lookInterval)
            return []
        }
        playingUntil = nil
        nextTick = nil
        return [.sound(.ended)]
    }

    public func finish() { session.stop() }
}
