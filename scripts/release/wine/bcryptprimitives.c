/* bcryptprimitives.dll for Wine 8 (Debian 12), which lacks it: Rust's standard library has
 * drawn its random numbers (HashMap's seeds) from ProcessPrng since Rust 1.78, and every
 * Windows it supports (10 and later) has the DLL. scripts/release/check-cli.sh builds this into
 * the Wine prefix it runs the Windows CLI in; nothing released carries it. ProcessPrng fills
 * the buffer from RtlGenRandom (advapi32's SystemFunction036), Windows' own generator. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG chunk = length > 0x10000000 ? 0x10000000 : (ULONG)length;
    if (!SystemFunction036(data, chunk)) return FALSE;
    data += chunk;
    length -= chunk;
  }
  return TRUE;
}
