import Foundation
import Testing
import TradeChartCore
import TradeChartSystem
import TradeChartTestSupport

/// Which program plays sound, and how it is handed the audio.
@Suite("Choosing the player")
struct PlayerChoiceTests {
    @Test func theOptionWinsThenTheEnvironmentThenTheKnownPlayers() {
        let environment = ["PATH": "/usr/bin", PlayerChoice.environmentVariable: "sox -q -t wav - -d"]
        #expect(PlayerChoice.resolve(option: "aplay -D hw:1", environment: environment) == .command("aplay -D hw:1"))
        #expect(PlayerChoice.resolve(option: nil, environment: environment) == .command("sox -q -t wav - -d"))
        #expect(PlayerChoice.resolve(option: "  ", environment: ["PATH": "/bin"]) == .known(searchPath: "/bin"),
                "a blank command is none")
        #expect(PlayerChoice.resolve(option: nil, environment: [PlayerChoice.environmentVariable: ""]) == .known(searchPath: nil))
    }

    @Test func knownPlayersAreFoundInOrderAndReadRawSamplesFromStandardInput() throws {
        let bin = NSTemporaryDirectory() + "tc-players-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: bin) }
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        func install(_ name: String) throws {
            try TestFiles.create(bin + "/" + name, contents: Data("#!/bin/sh\n".utf8), executable: true)
        }
        #expect(StreamPlayerCommand.find(.known(searchPath: bin), sampleRate: 22_050) == nil)
        // afplay plays files only: never a stream player.
        try install("afplay")
        #expect(StreamPlayerCommand.find(.known(searchPath: bin), sampleRate: 22_050) == nil)
        try install("aplay")
        let aplay = try #require(StreamPlayerCommand.find(.known(searchPath: bin), sampleRate: 22_050))
        #expect(aplay.executable == bin + "/aplay" && !aplay.sendsHeader)
        #expect(aplay.arguments.contains("S16_LE") && aplay.arguments.contains("22050") && aplay.arguments.last == "-")
        try install("paplay")
        let paplay = try #require(StreamPlayerCommand.find(.known(searchPath: bin), sampleRate: 22_050))
        #expect(paplay.name == "paplay" && paplay.arguments.contains("--raw") && paplay.arguments.contains("--rate=22050"))
        try install("pw-play")
        let pwPlay = try #require(StreamPlayerCommand.find(.known(searchPath: bin), sampleRate: 22_050))
        #expect(pwPlay.name == "pw-play" && pwPlay.arguments.contains("--format=s16") && pwPlay.arguments.last == "-")
        // The person's command gets a WAV stream through the shell.
        let own = try #require(StreamPlayerCommand.find(.command("sox -t wav - -d"), sampleRate: 22_050))
        #expect(own.executable == "/bin/sh" && own.arguments == ["-c", "sox -t wav - -d"] && own.sendsHeader)
    }

    @Test func theAudiographReachesTheNamedPlayerOnItsStandardInput() throws {
        let folder = NSTemporaryDirectory() + "tc-audiograph-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let received = folder + "/received.wav"
        let series = SampleSeries.daily([1, 3, 2, 5])
        let session = AudiographSession()
        let result = session.play(of: series, slice: SampleSeries.wholeSlice(series),
                                  player: .command("cat > '\(received).tmp' && mv '\(received).tmp' '\(received)'"),
                                  directory: folder)
        guard case .playing(let player, let path) = result else {
            Issue.record("not played: \(result)")
            return
        }
        #expect(result.message.contains("Playing the audiograph with cat > "), "the command as given: \(result.message)")
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: received) && Date() < deadline { usleep(20_000) }
        let bytes = try #require(FileManager.default.contents(atPath: received))
        #expect(bytes == FileManager.default.contents(atPath: path), "the WAV file, whole, on standard input")
        #expect(try ParsedWAV([UInt8](bytes)).duration > 2.5)
        #expect(player.hasPrefix("cat > "))
    }
}
