import Testing
@testable import TradeChartCore

@Suite("Animation")
struct AnimationTests {
    let from = ChartProjection(first: 0, last: 10, low: 0, high: 1, baseline: 0, newest: 1, widthDots: 100, heightDots: 40)
    let to = ChartProjection(first: 5, last: 10, low: 0, high: 2, baseline: 0, newest: 2, widthDots: 100, heightDots: 40)

    @Test func settlingDropsAFinishedMorphOnly() {
        var animation = Animation()
        animation.morph = Morph(from: from, to: to, start: 1, duration: 0.25)
        animation.settle(at: 1.1)
        #expect(animation.morph != nil)
        animation.settle(at: 1.25)
        #expect(animation.morph == nil)
    }

    @Test func aPlaybackLastsAPositiveFiniteTime() {
        var animation = Animation()
        animation.play(from: 2, for: 3)
        #expect(animation.playback?.start == 2 && animation.playback?.duration == 3)
        animation.play(from: 2, for: 0)
        #expect(animation.playback == nil)
        animation.play(from: 2, for: .infinity)
        #expect(animation.playback == nil)
        animation.play(from: 2, for: 3)
        animation.stopPlayback()
        #expect(animation.playback == nil)
    }
}
