import Testing
import TradeChartCore
@testable import TradeChartTerminal

/// The keys of the screen-reader mode, read from raw terminal bytes without ncurses.
@Suite("Key sequences")
struct KeySequenceDecoderTests {
    /// What xterm (and tmux, and most terminals) send for a key.
    static func xterm(_ key: KeyPress) -> [UInt8]? {
        let csi: [UInt8] = [0x1B, 0x5B]
        switch key {
        case .character(let c): return Array(String(c).utf8)
        case .left: return csi + Array("D".utf8)
        case .right: return csi + Array("C".utf8)
        case .up: return csi + Array("A".utf8)
        case .down: return csi + Array("B".utf8)
        case .shiftLeft: return csi + Array("1;2D".utf8)
        case .shiftRight: return csi + Array("1;2C".utf8)
        case .home: return csi + Array("H".utf8)
        case .end: return csi + Array("F".utf8)
        case .pageUp: return csi + Array("5~".utf8)
        case .pageDown: return csi + Array("6~".utf8)
        case .escape: return [0x1B]
        case .enter: return [0x0D]
        case .tab: return [0x09]
        case .backspace: return [0x7F]
        case .function(let n) where (1...4).contains(n): return [0x1B, 0x4F, UInt8(0x4F + n)]
        case .function(let n):
            let codes = [5: 15, 6: 17, 7: 18, 8: 19, 9: 20, 10: 21, 11: 23, 12: 24]
            return codes[n].map { csi + Array("\($0)~".utf8) }
        }
    }

    func decode(_ bytes: [UInt8]) -> [KeyPress] {
        var decoder = KeySequenceDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test func everyKeyOfTheKeyMapIsReadFromWhatTheTerminalSends() throws {
        for binding in KeyMap.bindings {
            for (key, _) in binding.keys {
                let bytes = try #require(Self.xterm(key), "how does a terminal send \(key.name)?")
                #expect(decode(bytes) == [key], "\(key.name) from \(bytes)")
            }
        }
    }

    @Test func otherFormsOfTheSameKeysAreReadToo() {
        let forms: [([UInt8], KeyPress)] = [
            ([0x1B, 0x4F, 0x44], .left), ([0x1B, 0x4F, 0x43], .right),  // application mode
            (Array("\u{1B}[1~".utf8), .home), (Array("\u{1B}[7~".utf8), .home), (Array("\u{1B}OH".utf8), .home),
            (Array("\u{1B}[4~".utf8), .end), (Array("\u{1B}[8~".utf8), .end), (Array("\u{1B}OF".utf8), .end),
            (Array("\u{1B}[[A".utf8), .function(1)), (Array("\u{1B}[11~".utf8), .function(1)),  // Linux console, rxvt
            ([0x0A], .enter), ([0x08], .backspace), (Array("é".utf8), .character("é")), ([0x03], .character("\u{03}")),
        ]
        for (bytes, key) in forms { #expect(decode(bytes) == [key], "\(bytes)") }
    }

    @Test func aBurstOfKeysAndSequencesSplitAcrossReadsComesOutInOrder() {
        var decoder = KeySequenceDecoder()
        let bytes = Array("3\u{1B}[D\u{1B}[1;2Cq€".utf8)
        var keys: [KeyPress] = []
        for byte in bytes { keys += decoder.feed([byte]) }
        #expect(keys == [.character("3"), .left, .shiftRight, .character("q"), .character("€")])
        #expect(!decoder.isWaiting)
    }

    @Test func aLoneEscapeWaitsForMoreThenIsEsc() {
        var decoder = KeySequenceDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting, "it may be the start of an arrow")
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed([0x1B, 0x1B]) == [.escape], "Esc Esc: the first is Esc")
        #expect(decoder.flush() == [.escape])
    }

    @Test func unknownSequencesAreDroppedWholeAndBrokenBytesToo() {
        #expect(decode(Array("\u{1B}[3~x".utf8)) == [.character("x")], "Delete is no key here; x still is")
        #expect(decode([0xFF, 0x61]) == [.character("a")], "a byte that starts no character")
        #expect(decode([0xE2, 0x82]) == [], "half a character at the end")
    }
}
