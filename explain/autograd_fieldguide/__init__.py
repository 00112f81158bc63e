"""The Autograd Field Guide's diagnosis of a PyTorch error, where it happens: after a script's
traceback (`python -m autograd_fieldguide SCRIPT`), for a pasted traceback (`python -m
autograd_fieldguide explain`), below a notebook cell's (`%load_ext autograd_fieldguide`), or
after every uncaught exception (`install()`). None of them changes the exception or its
traceback; a failure of the tool's own prints nothing."""

from __future__ import annotations

from autograd_fieldguide.hooks import install, load_ipython_extension, uninstall, unload_ipython_extension
from autograd_fieldguide.version import VERSION

__version__ = VERSION
__all__ = ["install", "uninstall", "load_ipython_extension", "unload_ipython_extension", "__version__"]
