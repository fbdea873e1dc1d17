# The browser's globals as Pyodide's ``js`` module gives them: only those web/ uses. Each is a
# JavaScript object (a JsProxy): its attributes are JavaScript's, unchecked here.
from typing import Any

BroadcastChannel: Any
URL: Any
caches: Any
console: Any
document: Any
fetch: Any
location: Any
