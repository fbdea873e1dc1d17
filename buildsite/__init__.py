"""Build and serve the npuzzle static web site: the package behind build.py.

    python3 build.py                  assemble dist/ from scratch
    python3 build.py build [--dest D] the same, into another folder
    python3 build.py serve [--port N] build, then serve dist/ on 127.0.0.1

The site is plain files: web/ (the page and its PyScript code); the npuzzle package from
src/npuzzle as a zip that PyScript unpacks into the browser's file system; the pattern
databases of the pdb heuristic; the Pyodide, PyScript and MicroPython runtimes from
node_modules; the Python compiled to bytecode by that Pyodide under Node, so that browsers
need not compile it on each visit; and what makes the site installable and offline. Nothing
is fetched from another origin at run time. Standard library and this project's src/ only.

One module per concept: two that the others share, one per kind of file the site holds, then
the build that runs them in order, the server and the command line.

    layout    where things are: the project's folders, the site's shared file names, BuildError
    files     listing, copying and zipping files (archives byte-identical between builds)
    vendor    npm ci when node_modules is stale; the Pyodide, PyScript and MicroPython runtimes
    page      what the site takes from web/: its files, entry scripts, modules, PyScript configs
    tables    the pattern databases, from the disk cache (built there once)
    package   the npuzzle package as a zip
    bytecode  the package and the page's modules compiled by the site's Pyodide (bytecode.mjs)
    icons     the board icon, drawn as PNG and SVG in the page's colours
    offline   the web app manifest and the service worker with the build's file list and stamp
    assemble  build(): the steps above into an emptied folder
    serve     the development server (127.0.0.1 only)
    cli       build.py's command line
"""
