// lint: --target=ascend910b
// Cores beyond the used ones return early, but the working cores then meet
// at SyncAll, a barrier for every core of the launch: when the host launches
// more cores than usedCores, the working cores wait forever.
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
    if (GetBlockIdx() >= usedCores) {
      return;
    }
    LocalTensor<float> t = q.AllocTensor<float>();
    DataCopy(t, xGm, TILE);
    q.EnQue(t);
    LocalTensor<float> u = q.DeQue<float>();
    DataCopy(yGm, u, TILE);
    q.FreeTensor(u);
    SyncAll(); // expect-warning: sync-crosscore
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
