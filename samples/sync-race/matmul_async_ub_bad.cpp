// lint: --target=ascend910b
// A mixed 1:2 kernel that starts the whole matmul at once (Iterate<false>:
// the cube leaves its blocks in the SetWorkspace workspace) and then takes
// the blocks into UB one by one with GetTensorC<false> to scale them. Each
// copy is MTE2 into `c`, ordered before the kernel's vector reads by the
// library (matmul_client.h CopyToUB: SetFlag / WaitFlag<MTE2_V>), but
// nothing orders Muls' read of block i before the copy of block i + 1 into
// the same `c` (the fix, matmul_async_ub_good.cpp: a VECIN queue).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

constexpr int32_t SHAPE_M = 128, SHAPE_N = 256, SHAPE_K = 256;
constexpr int32_t BASE_M = 128, BASE_N = 128, BLOCK = BASE_M * BASE_N;
constexpr int32_t BLOCKS = (SHAPE_M / BASE_M) * (SHAPE_N / BASE_N);

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;

class MatmulUbKernel {
public:
  __aicore__ inline MatmulUbKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR out, GM_ADDR ws, TPipe *pipe) {
    FillTiling();
    aGm.SetGlobalBuffer((__gm__ half *)a, SHAPE_M * SHAPE_K);
    bGm.SetGlobalBuffer((__gm__ half *)b, SHAPE_K * SHAPE_N);
    outGm.SetGlobalBuffer((__gm__ float *)out, 2 * BLOCKS * BLOCK);
    wsGm.SetGlobalBuffer((__gm__ float *)ws, BLOCKS * BLOCK);
    pipe->InitBuffer(cBuf, BLOCK * sizeof(float));
    pipe->InitBuffer(outQueue, 1, BLOCK * sizeof(float));
  }
  __aicore__ inline void Process() {
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    mm.SetWorkspace(wsGm);
    mm.template Iterate<false>();
    LocalTensor<float> c = cBuf.Get<float>();
    int32_t base = GetSubBlockIdx() * BLOCKS * BLOCK;
    for (int32_t i = 0; i < BLOCKS; i++) {
      mm.template GetTensorC<false>(c); // expect: sync-race
      LocalTensor<float> y = outQueue.AllocTensor<float>();
      Muls(y, c, 0.5f, BLOCK);
      outQueue.EnQue(y);
      LocalTensor<float> yOut = outQueue.DeQue<float>();
      DataCopy(outGm[base + i * BLOCK], yOut, BLOCK);
      outQueue.FreeTensor(yOut);
    }
    mm.End();
  }

  Matmul<AType, BType, CType> mm;
  TCubeTiling tiling;

private:
  __aicore__ inline void FillTiling() {
    tiling.usedCoreNum = 1;
    tiling.M = SHAPE_M;
    tiling.N = SHAPE_N;
    tiling.Ka = SHAPE_K;
    tiling.Kb = SHAPE_K;
    tiling.singleCoreM = SHAPE_M;
    tiling.singleCoreN = SHAPE_N;
    tiling.singleCoreK = SHAPE_K;
    tiling.baseM = BASE_M;
    tiling.baseN = BASE_N;
    tiling.baseK = 64;
    tiling.stepM = 1;
    tiling.stepN = 1;
    tiling.stepKa = 4;
    tiling.stepKb = 4;
    tiling.depthA1 = 4;
    tiling.depthB1 = 4;
    tiling.isBias = 0;
    tiling.iterateOrder = 0;
    tiling.dbL0A = 2;
    tiling.dbL0B = 2;
    tiling.dbL0C = 1;
    tiling.transLength = 0;
    tiling.shareMode = 0;
    tiling.shareL1Size = 0;
    tiling.shareL0CSize = 0;
    tiling.shareUbSize = 0;
  }

  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> outGm, wsGm;
  TBuf<TPosition::VECCALC> cBuf;
  TQue<TPosition::VECOUT, 1> outQueue;
};

extern "C" __global__ __aicore__ void matmul_async_ub(GM_ADDR a, GM_ADDR b, GM_ADDR out, GM_ADDR ws) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  TPipe pipe;
  MatmulUbKernel op;
  op.Init(a, b, out, ws, &pipe);
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &op.tiling);
  op.Process();
}
