import SegueCLI

SegueCommand.runMain()
