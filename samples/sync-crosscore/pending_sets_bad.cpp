// lint: --target=ascend910b --target=ascend950
// A mixed kernel streaming 32 tiles from the cube core to the vector cores
// through a ping-pong GM workspace. The cube raises flag 3 for every tile but
// never waits for the vector cores: a flag counts at most 15 pending sets, so
// the cube can overflow it (and overwrite a slot the vectors still read).
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t FLAG_CUBE_DONE = 3;
constexpr uint32_t TILE = 2048, TILES = 32;

class KernelCvStream {
public:
  __aicore__ inline KernelCvStream() {}
  __aicore__ inline void Init(GM_ADDR work, GM_ADDR out) {
    workGm.SetGlobalBuffer((__gm__ float *)work + GetBlockIdx() * 2 * TILE, 2 * TILE);
    outGm.SetGlobalBuffer((__gm__ float *)out + GetBlockIdx() * TILES * TILE, TILES * TILE);
  }
  __aicore__ inline void CubeSide() {
    pipe.InitBuffer(co1, 1, TILE * sizeof(float));
    for (uint32_t i = 0; i < TILES; ++i) {
      LocalTensor<float> acc = co1.AllocTensor<float>();
      FixpipeParamsV220 fix(16, TILE / 16, TILE / 16, 16, false);
      Fixpipe(workGm[(i % 2) * TILE], acc, fix);
      co1.FreeTensor(acc);
      CrossCoreSetFlag<2, PIPE_FIX>(FLAG_CUBE_DONE); // expect-error: sync-crosscore
    }
  }
  __aicore__ inline void VectorSide() {
    pipe.InitBuffer(inQue, 1, TILE / 2 * sizeof(float));
    uint32_t half = GetSubBlockIdx() * (TILE / 2);
    for (uint32_t i = 0; i < TILES; ++i) {
      CrossCoreWaitFlag(FLAG_CUBE_DONE);
      LocalTensor<float> t = inQue.AllocTensor<float>();
      DataCopy(t, workGm[(i % 2) * TILE + half], TILE / 2);
      inQue.EnQue(t);
      LocalTensor<float> x = inQue.DeQue<float>();
      Relu(x, x, TILE / 2);
      SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
      WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
      DataCopy(outGm[i * TILE + half], x, TILE / 2);
      SetFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
      WaitFlag<HardEvent::MTE3_MTE2>(EVENT_ID0);
      inQue.FreeTensor(x);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::CO1, 1> co1;
  TQue<TPosition::VECIN, 1> inQue;
  GlobalTensor<float> workGm, outGm;
};

extern "C" __global__ __aicore__ void cv_stream(GM_ADDR work, GM_ADDR out) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  KernelCvStream op;
  op.Init(work, out);
  if ASCEND_IS_AIC {
    op.CubeSide();
  }
  if ASCEND_IS_AIV {
    op.VectorSide();
  }
}
