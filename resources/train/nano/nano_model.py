"""KOPA-Nano's network: a small decoder in llama.cpp's `llama` architecture, so that the weights it learns are the GGUF
tensors llama.cpp runs, with no conversion but the order of their bytes.

RMSNorm (eps 1e-5), rotary positions on interleaved pairs (x[2i], x[2i+1]) as llama.cpp's `llama` rope rotates them
(not the half-split of Hugging Face checkpoints, which conversion permutes), multi-head attention scaled by
1/sqrt(head_dim) with a causal mask, a SwiGLU feed-forward, no biases, an untied output matrix. A torch Linear's
weight is [out, in] in row-major order: exactly a GGUF tensor whose dims are [in, out].
"""

import math
from dataclasses import asdict, dataclass

import torch
from torch import nn
from torch.nn import functional as F


@dataclass
class NanoConfig:
    vocab: int
    dim: int = 256
    layers: int = 6
    heads: int = 4
    ffn: int = 704
    context: int = 4096
    rope_base: float = 10000.0
    eps: float = 1e-5

    def to_dict(self):
        return asdict(self)


class RMSNorm(nn.Module):
    def __init__(self, dim, eps):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rope_tables(head_dim, length, base):
    """cos and sin of each position's angle for each interleaved pair, [length, head_dim / 2]."""
    inv = base ** (-torch.arange(0, head_dim, 2, dtype=torch.float32) / head_dim)
    angles = torch.outer(torch.arange(length, dtype=torch.float32), inv)
    return torch.cos(angles), torch.sin(angles)


def rotate(x, cos, sin):
    """x: [batch, heads, time, head_dim]; pairs (2i, 2i+1) rotated by their angle."""
    even, odd = x[..., 0::2], x[..., 1::2]
    out = torch.stack((even * cos - odd * sin, even * sin + odd * cos), dim=-1)
    return out.flatten(-2)


class Block(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.heads = c.heads
        self.head_dim = c.dim // c.heads
        self.attn_norm = RMSNorm(c.dim, c.eps)
        self.q = nn.Linear(c.dim, c.dim, bias=False)
        self.k = nn.Linear(c.dim, c.dim, bias=False)
        self.v = nn.Linear(c.dim, c.dim, bias=False)
        self.o = nn.Linear(c.dim, c.dim, bias=False)
        self.ffn_norm = RMSNorm(c.dim, c.eps)
        self.gate = nn.Linear(c.dim, c.ffn, bias=False)
        self.up = nn.Linear(c.dim, c.ffn, bias=False)
        self.down = nn.Linear(c.ffn, c.dim, bias=False)

    def forward(self, x, cos, sin, mask):
        b, t, d = x.shape
        h = self.attn_norm(x)
        split = lambda y: y.view(b, t, self.heads, self.head_dim).transpose(1, 2)
        q, k, v = split(self.q(h)), split(self.k(h)), split(self.v(h))
        # Scaled before the product: the same numbers as scaling the scores, without a pass over time².
        q, k = rotate(q, cos, sin) * (1.0 / math.sqrt(self.head_dim)), rotate(k, cos, sin)
        scores = q @ k.transpose(-1, -2) + mask
        attended = (F.softmax(scores, dim=-1) @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.o(attended)
        h = self.ffn_norm(x)
        return x + self.down(F.silu(self.gate(h)) * self.up(h))


class Nano(nn.Module):
    def __init__(self, c: NanoConfig):
        super().__init__()
        self.config = c
        self.embed = nn.Embedding(c.vocab, c.dim)
        self.blocks = nn.ModuleList(Block(c) for _ in range(c.layers))
        self.norm = RMSNorm(c.dim, c.eps)
        self.output = nn.Linear(c.dim, c.vocab, bias=False)
        self.apply(self._init)

    @staticmethod
    def _init(module):
        if isinstance(module, (nn.Linear, nn.Embedding)):
            nn.init.normal_(module.weight, std=0.02)

    def forward(self, tokens):
        b, t = tokens.shape
        cos, sin = rope_tables(self.config.dim // self.config.heads, t, self.config.rope_base)
        mask = torch.full((t, t), float("-inf")).triu(1)
        x = self.embed(tokens)
        for block in self.blocks:
            x = block(x, cos, sin, mask)
        return self.output(self.norm(x))

    def parameter_count(self):
        return sum(p.numel() for p in self.parameters())

    def gguf_tensors(self):
        """(GGUF name, dims in ggml order, tensor) in the order the GGUF is written."""
        dims = lambda w: list(reversed(w.shape))
        out = [("token_embd.weight", dims(self.embed.weight), self.embed.weight), ("output_norm.weight", dims(self.norm.weight), self.norm.weight)]
        out.append(("output.weight", dims(self.output.weight), self.output.weight))
        for i, blk in enumerate(self.blocks):
            for name, w in [
                ("attn_norm", blk.attn_norm.weight),
                ("attn_q", blk.q.weight),
                ("attn_k", blk.k.weight),
                ("attn_v", blk.v.weight),
                ("attn_output", blk.o.weight),
                ("ffn_norm", blk.ffn_norm.weight),
                ("ffn_gate", blk.gate.weight),
                ("ffn_up", blk.up.weight),
                ("ffn_down", blk.down.weight),
            ]:
                out.append((f"blk.{i}.{name}.weight", dims(w), w))
        return out
