// Entry point: parse the command line with one-line errors (exit 2), then run.
import Glibc

let status = TradeChartCommand.runFromCommandLine(Array(CommandLine.arguments.dropFirst()))
exit(status)
