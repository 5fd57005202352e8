// lint: --target=ascend910b --target=ascend950
// The cube/vector hand-over of producer_consumer_good.cpp in a kernel declared
// KERNEL_TYPE_AIC_ONLY: such kernels run without the scheduler that carries
// cross-core flags, so every flag is lost and the waits hang.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t FLAG_CUBE_DONE = 3;
constexpr uint16_t FLAG_VEC_DONE = 4;
constexpr uint32_t LEN = 4096;

class KernelCvPipeline {
public:
  __aicore__ inline KernelCvPipeline() {}
  __aicore__ inline void Init(GM_ADDR work, GM_ADDR out) {
    workGm.SetGlobalBuffer((__gm__ float *)work + GetBlockIdx() * LEN, LEN);
    outGm.SetGlobalBuffer((__gm__ float *)out + GetBlockIdx() * LEN, LEN);
  }
  __aicore__ inline void CubeSide() {
    pipe.InitBuffer(co1, 1, LEN * sizeof(float));
    LocalTensor<float> acc = co1.AllocTensor<float>();
    FixpipeParamsV220 fix(16, LEN / 16, LEN / 16, 16, false);
    Fixpipe(workGm, acc, fix);
    co1.FreeTensor(acc);
    CrossCoreSetFlag<2, PIPE_FIX>(FLAG_CUBE_DONE); // expect-error: sync-crosscore
    CrossCoreWaitFlag(FLAG_VEC_DONE); // expect-error: sync-crosscore
  }
  __aicore__ inline void VectorSide() {
    pipe.InitBuffer(inQue, 1, LEN / 2 * sizeof(float));
    CrossCoreWaitFlag(FLAG_CUBE_DONE); // expect-error: sync-crosscore
    uint32_t offset = GetSubBlockIdx() * (LEN / 2);
    LocalTensor<float> t = inQue.AllocTensor<float>();
    DataCopy(t, workGm[offset], LEN / 2);
    inQue.EnQue(t);
    LocalTensor<float> x = inQue.DeQue<float>();
    Relu(x, x, LEN / 2);
    SetFlag<HardEvent::V_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::V_MTE3>(EVENT_ID0);
    DataCopy(outGm[offset], x, LEN / 2);
    inQue.FreeTensor(x);
    CrossCoreSetFlag<2, PIPE_MTE3>(FLAG_VEC_DONE); // expect-error: sync-crosscore
  }

private:
  TPipe pipe;
  TQue<TPosition::CO1, 1> co1;
  TQue<TPosition::VECIN, 1> inQue;
  GlobalTensor<float> workGm, outGm;
};

extern "C" __global__ __aicore__ void cv_pipeline(GM_ADDR work, GM_ADDR out) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIC_ONLY);
  KernelCvPipeline op;
  op.Init(work, out);
  if ASCEND_IS_AIC {
    op.CubeSide();
  }
  if ASCEND_IS_AIV {
    op.VectorSide();
  }
}
