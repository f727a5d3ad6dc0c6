/// A part of the still frame kept in the state between frames with the inputs it was
/// worked out from (`KeptPriceLabels`, `KeptBottomRow`): a frame takes it only for the
/// same inputs, so one kept from before a change is never drawn.
struct KeptPart<Inputs: Sendable & Equatable, Value: Sendable>: Sendable {
    private var inputs: Inputs?
    private var value: Value?

    /// The value kept for `inputs`, nil when none is.
    func value(for inputs: Inputs) -> Value? { inputs == self.inputs ? value : nil }

    /// Keeps `value`, worked out from `inputs`.
    mutating func keep(_ value: Value, for inputs: Inputs) {
        self.inputs = inputs
        self.value = value
    }
}
