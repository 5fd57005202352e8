// lint: --target=ascend910b
// The good twin: both sides skip the tiles beyond the valid length, so in
// every iteration the cube sets flag 5 exactly as often as the vector cores
// wait for it.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t FLAG_TILE = 5;
constexpr uint32_t TILE = 2048, TILES = 8;

class KernelCvSkip {
public:
  __aicore__ inline KernelCvSkip() {}
  __aicore__ inline void Init(GM_ADDR work, GM_ADDR out, uint32_t lenIn) {
    len = lenIn;
    workGm.SetGlobalBuffer((__gm__ float *)work + GetBlockIdx() * TILE, TILE);
    outGm.SetGlobalBuffer((__gm__ float *)out);
  }
  __aicore__ inline void CubeSide() {
    pipe.InitBuffer(co1, 1, TILE * sizeof(float));
    for (uint32_t i = 0; i < TILES; ++i) {
      if (i * TILE >= len)
        continue;
      LocalTensor<float> acc = co1.AllocTensor<float>();
      FixpipeParamsV220 fix(16, TILE / 16, TILE / 16, 16, false);
      Fixpipe(workGm, acc, fix);
      co1.FreeTensor(acc);
      CrossCoreSetFlag<2, PIPE_FIX>(FLAG_TILE);
    }
  }
  __aicore__ inline void VectorSide() {
    pipe.InitBuffer(inQue, 1, TILE / 2 * sizeof(float));
    for (uint32_t i = 0; i < TILES; ++i) {
      if (i * TILE >= len)
        continue;
      CrossCoreWaitFlag(FLAG_TILE);
      LocalTensor<float> t = inQue.AllocTensor<float>();
      DataCopy(t, workGm[GetSubBlockIdx() * (TILE / 2)], TILE / 2);
      inQue.EnQue(t);
      LocalTensor<float> x = inQue.DeQue<float>();
      inQue.FreeTensor(x);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::CO1, 1> co1;
  TQue<TPosition::VECIN, 1> inQue;
  GlobalTensor<float> workGm, outGm;
  uint32_t len;
};

extern "C" __global__ __aicore__ void cv_skip(GM_ADDR work, GM_ADDR out, uint32_t len) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  KernelCvSkip op;
  op.Init(work, out, len);
  if ASCEND_IS_AIC {
    op.CubeSide();
  }
  if ASCEND_IS_AIV {
    op.VectorSide();
  }
}
