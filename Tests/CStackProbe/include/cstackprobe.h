#ifndef CSTACKPROBE_H
#define CSTACKPROBE_H

#include <stdint.h>

/// This function's own frame address: on the stack itself, where a Swift local's
/// address may be in AddressSanitizer's fake stack on the heap instead.
uintptr_t cstackprobe_frame(void);

#endif
