// Entry point: parse the command line with one-line errors (exit 2), then run.
import Glibc
import TradeChartApp

SystemLaunchOutput.keepStandardStreamsOpen()
let status = TradeChartCommand.runFromCommandLine(RawArguments.ofProcess())
exit(status)
