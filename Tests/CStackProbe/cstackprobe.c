#include "cstackprobe.h"

__attribute__((noinline)) uintptr_t cstackprobe_frame(void) {
  return (uintptr_t)__builtin_frame_address(0);
}
