/* ProcessPrng, which Go's runtime calls at start and Wine 8 lacks: random bytes from RtlGenRandom. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	for (ULONG n; length > 0; data += n, length -= n)
		if (!SystemFunction036(data, n = length > 0x1000000 ? 0x1000000 : (ULONG)length))
			return FALSE;
	return TRUE;
}
