# Pyodide's package: web/ uses its ffi module alone.
