from grognard.server.run import main

main()
