// Entry point: parse the command line with one-line errors (exit 2), then run.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser

let status = TradeChartCommand.runFromCommandLine(Array(CommandLine.arguments.dropFirst()))
exit(status)
