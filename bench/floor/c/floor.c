/* The floor under every Swift floor program: C, ncursesw and libcurl (initialized), one frame. */
#include <curl/curl.h>
#include "../Sources/FloorNcurses/shim.h"

int main(int argc, char **argv) {
  if (argc < 2 || argv[1][0] != 'n') {
    curl_global_init(CURL_GLOBAL_ALL);
    CURLM *multi = curl_multi_init();
    curl_multi_setopt(multi, CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX);
  }
  floor_draw_and_wait();
  return 0;
}
