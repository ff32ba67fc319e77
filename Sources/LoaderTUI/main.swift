print("loader-tui")
