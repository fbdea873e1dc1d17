# PyScript's module as web/ uses it: the page's document and window (JavaScript objects), its
# named workers, and the call that starts one.
from typing import Any

document: Any
window: Any
workers: Any

async def create_named_worker(src: str, name: str, config: Any = ..., type: str = ...) -> Any: ...
