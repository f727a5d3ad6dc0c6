import TradeChartTerminal

/// The ncurses screen is the loop's display and its source of events.
extension TerminalScreen: Display, EventSource {}
