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

    /// The value kept for `inputs`, else `make(inputs)` (a frame's).
    func value(for inputs: Inputs, orMake make: (Inputs) -> Value) -> Value { value(for: inputs) ?? make(inputs) }

    /// Keeps `make(inputs)` unless the value for `inputs` is kept already (after an event).
    mutating func keep(for inputs: Inputs, _ make: (Inputs) -> Value) {
        if value(for: inputs) == nil { keep(make(inputs), for: inputs) }
    }
}
