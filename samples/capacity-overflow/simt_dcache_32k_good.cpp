// lint: --target=ascend950 --simt-dcache=32K
// The SIMD/SIMT kernel of simt_dcache_64k_bad.cpp with a launch that leaves
// the 32 KiB minimum to the SIMT Data Cache: 248 - 32 = 216 KiB of UB for
// the TPipe buffers, exactly what the row buffers take.
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
    pipe.InitBuffer(indexBuf, 24 * 1024);     // 24 KiB
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
