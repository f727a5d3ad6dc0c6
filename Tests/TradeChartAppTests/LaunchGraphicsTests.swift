import Testing
import TradeChartApp
@testable import TradeChartCore

/// How the viewer comes to draw its plot as an image: what the terminal answers before
/// the chart opens, and where it is not even asked (tmux, a serial line, `--graphics braille`).
@Suite("Launch: graphics")
struct LaunchGraphicsTests {
    /// A VT340-like answer: the cell size (`CSI 16 t`) and device attributes with sixel (4).
    static let sixelAnswer = Array("\u{1B}[6;13;6t\u{1B}[?63;1;2;4;6c".utf8)

    func world(answer: [UInt8]? = sixelAnswer) -> LaunchWorld {
        let world = LaunchWorld()
        world.terminal.graphicsAnswer = answer
        return world
    }

    @Test func aTerminalThatAnswersSixelGetsTheImageAtItsCellSize() throws {
        let world = world()
        #expect(world.run(["a.csv"]) { $0.noState = true } == 0)
        let shown = try #require(world.terminal.shown)
        #expect(shown.options.graphics.mode == .sixel)
        #expect(shown.options.graphics.choices == [.sixel, .braille], "b switches between them")
        #expect(world.terminal.screen?.imageCell == PixelCellSize(width: 6, height: 13))
        #expect(world.terminal.screen?.kittyImages == false)
        #expect(world.terminal.graphicsQuestions == 1)
    }

    @Test func aTerminalThatAnswersNothingKeepsBrailleAndTheScreenHasNoImages() throws {
        let world = world(answer: nil)
        #expect(world.run(["a.csv"]) { $0.noState = true } == 0)
        let shown = try #require(world.terminal.shown)
        #expect(shown.options.graphics == .textOnly(why: "no terminal answered"))
        #expect(world.terminal.screen?.imageCell == nil)
    }

    @Test func tmuxASerialLineAndBrailleByHandAreNotAsked() throws {
        let tmux = world()
        tmux.environment["TMUX"] = "/tmp/tmux-0/default,1,0"
        let serial = world()
        serial.terminal.outputIsSerialLine = true
        let byHand = world()
        for (w, configure, why) in [(tmux, { (_: inout LaunchRequest) in }, "inside tmux or screen"),
                                    (serial, { (_: inout LaunchRequest) in }, "over a serial line"),
                                    (byHand, { (r: inout LaunchRequest) in r.graphics = .braille },
                                     "--graphics braille asked for it; the terminal was not asked")] {
            #expect(w.run(["a.csv"]) { $0.noState = true; configure(&$0) } == 0)
            let shown = try #require(w.terminal.shown)
            #expect(shown.options.graphics == .textOnly(why: why))
            #expect(w.terminal.graphicsQuestions == 0, "\(why)")
            #expect(w.terminal.screen?.imageCell == nil)
        }
    }

    @Test func theScreenReaderModeDrawsNoImage() throws {
        let world = world()
        #expect(world.run(["a.csv"]) { $0.noState = true; $0.screenReader = true } == 0)
        #expect(world.terminal.shown?.options.graphics.drawsImages == false)
        #expect(world.terminal.graphicsQuestions == 0)
    }
}
