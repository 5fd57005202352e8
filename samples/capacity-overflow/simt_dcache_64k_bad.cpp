// lint: --target=ascend950 --simt-dcache=64K
// An Ascend 950 SIMD/SIMT kernel whose launch leaves 64 KiB of UB to the SIMT
// Data Cache: the 248 KiB of usable UB less 64 KiB leaves 184 KiB for the
// TPipe buffers, and the row buffers below take 216 KiB. (The same buffers
// fit with the 32 KiB minimum Data Cache: simt_dcache_32k_good.cpp.)
#include "kernel_operator.h"

using namespace AscendC;

class KernelGatherRows {
public:
  __aicore__ inline KernelGatherRows() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y) {
    xGm.SetGlobalBuffer((__gm__ float *)x);
    yGm.SetGlobalBuffer((__gm__ float *)y);
    pipe.InitBuffer(inQueue, 2, 48 * 1024);   // 96 KiB
    pipe.InitBuffer(outQueue, 2, 48 * 1024);  // 96 KiB
    pipe.InitBuffer(indexBuf, 24 * 1024);     // 24 KiB  expect-error: capacity-overflow
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQueue;
  TQue<TPosition::VECOUT, 2> outQueue;
  TBuf<TPosition::VECCALC> indexBuf;
  GlobalTensor<float> xGm, yGm;
};

extern "C" __global__ __aicore__ void gather_rows(GM_ADDR x, GM_ADDR y) {
  KernelGatherRows op;
  op.Init(x, y);
}
