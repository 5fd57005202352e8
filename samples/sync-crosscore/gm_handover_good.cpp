// lint: --target=ascend910b --target=ascend950
// A mixed 1:2 kernel streaming tiles through a double-buffered GM workspace:
// the cube core computes each 64 x 64 tile (Mmad) and hands it over with
// Fixpipe into workspace slot t % 2, then raises FLAG_CUBE_DONE on PIPE_FIX
// (the set fires once the Fixpipe is done). Each vector core waits for it,
// reads its half of the tile, applies Relu, writes the result and raises
// FLAG_VEC_DONE on PIPE_MTE2 (after its read of the slot); the cube core
// waits for that before it overwrites the same slot two tiles later.
#include "kernel_operator.h"

using namespace AscendC;

constexpr uint16_t FLAG_CUBE_DONE = 3;
constexpr uint16_t FLAG_VEC_DONE = 4;
constexpr uint32_t M = 64, N = 64, K = 64;
constexpr uint32_t TILE = M * N; // floats per tile
constexpr uint32_t HALF = TILE / 2;

struct HandoverTiling {
  uint32_t tileNum;
};

class KernelHandover {
public:
  __aicore__ inline KernelHandover() {}
  __aicore__ inline void Init(GM_ADDR a, GM_ADDR b, GM_ADDR work, GM_ADDR out, const HandoverTiling &tiling) {
    tileNum = tiling.tileNum;
    // Each group (one cube core and its two vector cores) owns two tiles of workspace.
    uint32_t group = GetBlockIdx() / GetTaskRation();
    workGm.SetGlobalBuffer((__gm__ float *)work + group * 2 * TILE, 2 * TILE);
    aGm.SetGlobalBuffer((__gm__ half *)a, M * K);
    bGm.SetGlobalBuffer((__gm__ half *)b, K * N);
    outGm.SetGlobalBuffer((__gm__ float *)out + GetBlockIdx() * tileNum * HALF);
  }
  __aicore__ inline void CubeProcess() {
    pipe.InitBuffer(qA1, 1, M * K * sizeof(half));
    pipe.InitBuffer(qB1, 1, K * N * sizeof(half));
    pipe.InitBuffer(qA2, 1, M * K * sizeof(half));
    pipe.InitBuffer(qB2, 1, K * N * sizeof(half));
    pipe.InitBuffer(qCO1, 1, TILE * sizeof(float));
    for (uint32_t t = 0; t < tileNum; t++) {
      LocalTensor<half> a1 = qA1.AllocTensor<half>();
      LocalTensor<half> b1 = qB1.AllocTensor<half>();
      DataCopy(a1, aGm, Nd2NzParams(1, M, K, 0, K, M, 1, 0));
      DataCopy(b1, bGm, Nd2NzParams(1, K, N, 0, N, K, 1, 0));
      qA1.EnQue(a1);
      qB1.EnQue(b1);
      LocalTensor<half> a1l = qA1.DeQue<half>();
      LocalTensor<half> a2 = qA2.AllocTensor<half>();
      LoadData(a2, a1l, LoadData2DParams(0, M * K / 256, 1, 0, 0, false, 0));
      qA2.EnQue(a2);
      qA1.FreeTensor(a1l);
      LocalTensor<half> b1l = qB1.DeQue<half>();
      LocalTensor<half> b2 = qB2.AllocTensor<half>();
      LoadData(b2, b1l, LoadData2DParams(0, K * N / 256, 1, 0, 0, true, 0));
      qB2.EnQue(b2);
      qB1.FreeTensor(b1l);
      LocalTensor<half> a2l = qA2.DeQue<half>();
      LocalTensor<half> b2l = qB2.DeQue<half>();
      LocalTensor<float> c1 = qCO1.AllocTensor<float>();
      Mmad(c1, a2l, b2l, MmadParams(M, N, K, false, 0, false, false, false));
      qCO1.EnQue(c1);
      qA2.FreeTensor(a2l);
      qB2.FreeTensor(b2l);

      if (t >= 2) {
        CrossCoreWaitFlag(FLAG_VEC_DONE); // the vector cores are done with slot t % 2
      }
      LocalTensor<float> c1l = qCO1.DeQue<float>();
      FixpipeParamsV220 fix(N, M, M, N, false);
      Fixpipe(workGm[(t % 2) * TILE], c1l, fix);
      qCO1.FreeTensor(c1l);
      CrossCoreSetFlag<2, PIPE_FIX>(FLAG_CUBE_DONE);
    }
  }
  __aicore__ inline void VectorProcess() {
    pipe.InitBuffer(inQue, 2, HALF * sizeof(float));
    pipe.InitBuffer(outQue, 2, HALF * sizeof(float));
    uint32_t half = GetSubBlockIdx();
    for (uint32_t t = 0; t < tileNum; t++) {
      CrossCoreWaitFlag(FLAG_CUBE_DONE);
      LocalTensor<float> x = inQue.AllocTensor<float>();
      DataCopy(x, workGm[(t % 2) * TILE + half * HALF], HALF);
      inQue.EnQue(x);
      CrossCoreSetFlag<2, PIPE_MTE2>(FLAG_VEC_DONE); // fires after the read above
      LocalTensor<float> xl = inQue.DeQue<float>();
      LocalTensor<float> y = outQue.AllocTensor<float>();
      Relu(y, xl, HALF);
      outQue.EnQue(y);
      inQue.FreeTensor(xl);
      LocalTensor<float> yl = outQue.DeQue<float>();
      DataCopy(outGm[static_cast<uint64_t>(t) * HALF], yl, HALF); // 64 bits: no wrap past 2^32 elements
      outQue.FreeTensor(yl);
    }
  }

private:
  TPipe pipe;
  TQue<TPosition::A1, 1> qA1;
  TQue<TPosition::B1, 1> qB1;
  TQue<TPosition::A2, 1> qA2;
  TQue<TPosition::B2, 1> qB2;
  TQue<TPosition::CO1, 1> qCO1;
  TQue<TPosition::VECIN, 2> inQue;
  TQue<TPosition::VECOUT, 2> outQue;
  GlobalTensor<half> aGm, bGm;
  GlobalTensor<float> workGm, outGm;
  uint32_t tileNum;
};

extern "C" __global__ __aicore__ void cv_handover(GM_ADDR a, GM_ADDR b, GM_ADDR work, GM_ADDR out, GM_ADDR tilingGm) {
  KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_2);
  HandoverTiling tiling = *reinterpret_cast<__gm__ HandoverTiling *>(tilingGm);
  KernelHandover op;
  op.Init(a, b, work, out, tiling);
  if ASCEND_IS_AIC {
    op.CubeProcess();
  }
  if ASCEND_IS_AIV {
    op.VectorProcess();
  }
}
