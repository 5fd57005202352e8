// lint: --target=ascend910b
// The twin of syncall_early_return_bad.cpp: idle cores skip the work but
// still take part in SyncAll, so every core reaches it once.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint32_t TILE = 1024;

struct Tiling {
  uint32_t usedCores;
};

class KernelTwoPhase {
public:
  __aicore__ inline KernelTwoPhase() {}
  __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, uint32_t used) {
    usedCores = used;
    xGm.SetGlobalBuffer((__gm__ float *)x + GetBlockIdx() * TILE, TILE);
    yGm.SetGlobalBuffer((__gm__ float *)y + GetBlockIdx() * TILE, TILE);
    pipe.InitBuffer(q, 1, TILE * sizeof(float));
  }
  __aicore__ inline void Process() {
    if (GetBlockIdx() < usedCores) {
      LocalTensor<float> t = q.AllocTensor<float>();
      DataCopy(t, xGm, TILE);
      q.EnQue(t);
      LocalTensor<float> u = q.DeQue<float>();
      DataCopy(yGm, u, TILE);
      q.FreeTensor(u);
    }
    SyncAll();
  }

private:
  TPipe pipe;
  TQueBind<TPosition::VECIN, TPosition::VECOUT, 1> q;
  GlobalTensor<float> xGm, yGm;
  uint32_t usedCores;
};

extern "C" __global__ __aicore__ void two_phase(GM_ADDR x, GM_ADDR y, GM_ADDR tiling) {
  KernelTwoPhase op;
  op.Init(x, y, ((__gm__ Tiling *)tiling)->usedCores);
  op.Process();
}
