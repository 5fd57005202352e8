// lint: --target=ascend950
// The twin of arch_folders_bad: here arch35's tiles are at most 8192 floats
// (four buffers: 128 KiB of the 950's 248 KiB of UB) and arch22's, for the
// 910B, 16384. Built for the 950, the kernel gets arch35's tiles and fits;
// read through arch22's function it would draw a false capacity warning.
#include "kernel_operator.h"
#include "arch_scale_tiling_data.h"

using namespace AscendC;

class KernelArchScale {
public:
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t total, uint32_t tile) {
    this->total = total;
    this->tile = tile;
    xGm.SetGlobalBuffer((__gm__ float *)x, total);
    yGm.SetGlobalBuffer((__gm__ float *)y, total);
    pipe.InitBuffer(inQ, 2, tile * sizeof(float));
    pipe.InitBuffer(outQ, 2, tile * sizeof(float));
  }
  __aicore__ inline void Process() {
    for (uint32_t off = 0; off < total; off += tile) {
      LocalTensor<float> a = inQ.AllocTensor<float>();
      DataCopy(a, xGm[off], tile);
      inQ.EnQue(a);
      LocalTensor<float> in = inQ.DeQue<float>();
      LocalTensor<float> out = outQ.AllocTensor<float>();
      Muls(out, in, 2.0f, tile);
      outQ.EnQue(out);
      inQ.FreeTensor(in);
      LocalTensor<float> b = outQ.DeQue<float>();
      DataCopy(yGm[off], b, tile);
      outQ.FreeTensor(b);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::VECIN, 2> inQ;
  TQue<TPosition::VECOUT, 2> outQ;
  GlobalTensor<float> xGm, yGm;
  uint32_t total = 0, tile = 0;
};

extern "C" __global__ __aicore__ void arch_scale(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling) {
  ArchScaleTilingData t = *reinterpret_cast<__gm__ ArchScaleTilingData *>(tiling);
  KernelArchScale op;
  op.Init(x, y, t.total, t.tile);
  op.Process();
}
