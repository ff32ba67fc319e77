import FloorNcurses

floor_draw_and_wait()
