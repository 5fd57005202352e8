// lint: --target=ascend910b
// A mixed 1:2 kernel: the Matmul API computes C = A * B on the cube core and
// the two vector cores of each group synchronise with each other before
// their epilogue on flag id 1. With N Matmul objects the API itself uses
// flag ids 0 .. 2N-1 (asc-devkit CrossCoreSetFlag(ISASI).md, 约束说明), so
// id 1 collides with the library's own signals (twin with id 4:
// matmul_reserved_flag_good.cpp).
#include "kernel_operator.h"
#include "lib/matmul_intf.h"

using namespace AscendC;

constexpr int32_t SHAPE_M = 128, SHAPE_N = 256, SHAPE_K = 256;
constexpr int32_t HALF_ROWS = SHAPE_M / 2;
constexpr uint16_t FLAG_EPILOGUE = 1;

using AType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using BType = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using CType = MatmulType<TPosition::GM, CubeFormat::ND, float>;

class MatmulEpilogueKernel {
public:
  __aicore__ inline MatmulEpilogueKernel() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR work, GM_ADDR out, TPipe *pipe) {
    FillTiling();
    aGm.SetGlobalBuffer((__gm__ half *)a, SHAPE_M * SHAPE_K);
    bGm.SetGlobalBuffer((__gm__ half *)b, SHAPE_K * SHAPE_N);
    cGm.SetGlobalBuffer((__gm__ float *)work, SHAPE_M * SHAPE_N);
    outGm.SetGlobalBuffer((__gm__ float *)out, SHAPE_M * SHAPE_N);
    pipe->InitBuffer(inQueue, 2, SHAPE_N * sizeof(float));
    pipe->InitBuffer(outQueue, 2, SHAPE_N * sizeof(float));
  }
  __aicore__ inline void Process() {
    mm.SetTensorA(aGm);
    mm.SetTensorB(bGm);
    mm.IterateAll(cGm);
    mm.End();
    // The vector cores tell each other they start the epilogue (mode 1:
    // the two AIVs of a group) -- on a flag id the Matmul API owns.
    CrossCoreSetFlag<1, PIPE_S>(FLAG_EPILOGUE); // expect: sync-crosscore
    CrossCoreWaitFlag<1, PIPE_S>(FLAG_EPILOGUE); // expect: sync-crosscore
    int32_t row0 = GetSubBlockIdx() * HALF_ROWS;
    for (int32_t r = 0; r < HALF_ROWS; r++) {
      LocalTensor<float> c = inQueue.AllocTensor<float>();
      DataCopy(c, cGm[(row0 + r) * SHAPE_N], SHAPE_N);
      inQueue.EnQue(c);
      LocalTensor<float> cIn = inQueue.DeQue<float>();
      LocalTensor<float> y = outQueue.AllocTensor<float>();
      Muls(y, cIn, 0.5f, SHAPE_N);
      outQueue.EnQue(y);
      inQueue.FreeTensor(cIn);
      LocalTensor<float> yOut = outQueue.DeQue<float>();
      DataCopy(outGm[(row0 + r) * SHAPE_N], yOut, SHAPE_N);
      outQueue.FreeTensor(yOut);
    }
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
    tiling.baseM = 128;
    tiling.baseN = 128;
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
  GlobalTensor<float> cGm, outGm;
  TQue<TPosition::VECIN, 2> inQueue;
  TQue<TPosition::VECOUT, 2> outQueue;
};

extern "C" __global__ __aicore__ void matmul_epilogue(GM_ADDR a, GM_ADDR b, GM_ADDR work, GM_ADDR out) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  TPipe pipe;
  MatmulEpilogueKernel op;
  op.Init(a, b, work, out, &pipe);
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), op.mm, &op.tiling);
  op.Process();
}
