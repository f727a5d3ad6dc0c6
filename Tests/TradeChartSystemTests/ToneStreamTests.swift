import Foundation
import Glibc
import Testing
import TradeChartCore
import TradeChartSystem
import TradeChartTestSupport

/// SIGPIPEs that reached this process while a test ran.
nonisolated(unsafe) private var pipeSignals: Int32 = 0

/// The tones' player: one process fed as tones come, the newest winning, and a player
/// that ends taking nothing down with it.
@Suite("Tone stream", .serialized)
struct ToneStreamTests {
    static let rate = 22_050

    /// A player that writes what it receives to a file, and the file.
    static func recordingPlayer() -> (StreamPlayerCommand, String) {
        let path = NSTemporaryDirectory() + "tc-tones-\(UUID().uuidString).wav"
        return (StreamPlayerCommand.find(.command("cat > '\(path)'"), sampleRate: rate)!, path)
    }

    /// The samples received so far (after the 44-byte stream header).
    static func received(_ path: String) -> (header: [UInt8], samples: [Int16]) {
        let bytes = [UInt8](FileManager.default.contents(atPath: path) ?? Data())
        guard bytes.count >= 44 else { return (bytes, []) }
        let samples = stride(from: 44, to: bytes.count - 1, by: 2).map {
            Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8)
        }
        return (Array(bytes[0..<44]), samples)
    }

    /// Waits until `condition` holds for what was received (at most `timeout` seconds).
    static func waitFor(_ path: String, _ what: String, timeout: Double = 5, _ condition: ([Int16]) -> Bool,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(received(path).samples) {
            guard Date() < deadline else {
                Issue.record("the player never received \(what)", sourceLocation: sourceLocation)
                return
            }
            usleep(5000)
        }
    }

    @Test func eachToneReachesThePlayerWholeAtItsPitchAfterAStreamHeader() throws {
        let (command, path) = Self.recordingPlayer()
        defer { unlink(path) }
        let stream = ToneStream(command: command, sampleRate: Self.rate)
        try stream.start()
        let frequencies = [200.0, 523.25, 1600.0]
        for (i, frequency) in frequencies.enumerated() {
            stream.play(Tone(frequency: frequency))
            // The tone and its silent tail are written at the pace they play.
            Self.waitFor(path, "tone \(i + 1)") { soundingStretches($0, gap: 100).count == i + 1 && $0.count > (i + 1) * 2400 }
        }
        #expect(stream.endReason == nil, "the player plays on")
        stream.stop()
        let (header, samples) = Self.received(path)
        #expect(header == WAVEncoder.streamHeader(sampleRate: Self.rate))
        let tones = soundingStretches(samples, gap: 100)
        #expect(tones.count == 3)
        for (tone, frequency) in zip(tones, frequencies) {
            #expect(abs(Double(tone.count) / Double(Self.rate) - 0.08) < 0.003, "a whole 80 ms tone")
            let pitch = try #require(measuredFrequency(samples[tone], sampleRate: Self.rate))
            #expect(abs(pitch - frequency) / frequency < 0.005, "\(pitch) Hz for \(frequency)")
        }
    }

    @Test func stepsNeverQueueTheNewestWins() throws {
        let (command, path) = Self.recordingPlayer()
        defer { unlink(path) }
        let stream = ToneStream(command: command, sampleRate: Self.rate)
        try stream.start()
        // Six steps, each while the tone before still sounds (tones of 2 s, each step once
        // the player has received a quarter of a second more): a key held down, slowed.
        for i in 0..<6 {
            let before = Self.received(path).samples.count
            stream.play(Tone(frequency: 300 + 180 * Double(i), duration: 2))
            if i < 5 { Self.waitFor(path, "tone \(i + 1) sounding") { $0.count > before + Self.rate / 4 } }
        }
        Self.waitFor(path, "the last tone", timeout: 15) { samples in
            guard let last = soundingStretches(samples, gap: 100).last else { return false }
            return samples.count - last.upperBound > 300  // its silent tail began
        }
        stream.stop()
        let samples = Self.received(path).samples
        let tones = soundingStretches(samples, gap: 100)
        let sounding = Double((tones.last?.upperBound ?? 0) - (tones.first?.lowerBound ?? 0)) / Double(Self.rate)
        // Each tone gives way to the next: the sound lasts five short steps and the last
        // tone (about 3.3 s), not six whole tones one after another (12 s). How soon a
        // newer tone is heard is measured by `make bench` ("tone stream").
        #expect(sounding < 6, "\(sounding) s of sound for six tones of 2 s: they queued")
        let last = tones.last!
        let tail = samples[(last.upperBound - 1200)..<last.upperBound]
        let pitch = try #require(measuredFrequency(tail, sampleRate: Self.rate))
        #expect(abs(pitch - 1200) < 15, "the newest step is what sounds last: \(pitch) Hz")
    }

    @Test(arguments: ["exit 3", "head -c 200 > /dev/null"])
    func aPlayerThatEndsIsToldAndSendsNoSIGPIPE(player: String) throws {
        let previous = signal(SIGPIPE) { _ in pipeSignals += 1 }
        defer { signal(SIGPIPE, previous) }
        pipeSignals = 0
        let stream = ToneStream(command: StreamPlayerCommand.find(.command(player), sampleRate: Self.rate)!,
                                sampleRate: Self.rate)
        try stream.start()
        let deadline = Date().addingTimeInterval(5)
        while stream.endReason == nil && Date() < deadline {
            stream.play(Tone(frequency: 440))
            usleep(20_000)
        }
        let reason = try #require(stream.endReason, "the player's end was noticed")
        #expect(reason.contains("ended") || reason.contains("stopped"), "\(reason)")
        if player.hasPrefix("exit") { #expect(reason == "ended with status 3") }
        stream.play(Tone(frequency: 440))
        usleep(50_000)
        stream.stop()
        #expect(pipeSignals == 0, "a SIGPIPE reached the process (the viewer quits on it)")
    }
}
