import SegueCLI
