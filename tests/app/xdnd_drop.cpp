/* Drops a file on an X11 window the way a file manager does (the XDND protocol, version 5), so the
 * window tests can drop files on the real pelab window: xdotool moves the mouse and presses keys
 * but cannot drag files.
 *
 *   xdnd_drop WINDOW_ID PATH X Y     (X, Y: root coordinates of the drop)
 *
 * The target (GLFW) answers XdndPosition with XdndStatus, asks for the "text/uri-list" selection
 * on XdndDrop, and ends with XdndFinished. Exit 0 when the target took the drop, 1 when it refused
 * it or did not answer within 5 s, 2 on bad arguments. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static Display* display;
static Window source, target;

static void send_message(Atom type, long l1, long l2, long l3, long l4) {
  XEvent event;
  memset(&event, 0, sizeof event);
  event.xclient.type = ClientMessage;
  event.xclient.display = display;
  event.xclient.window = target;
  event.xclient.message_type = type;
  event.xclient.format = 32;
  event.xclient.data.l[0] = (long)source;
  event.xclient.data.l[1] = l1;
  event.xclient.data.l[2] = l2;
  event.xclient.data.l[3] = l3;
  event.xclient.data.l[4] = l4;
  XSendEvent(display, target, False, NoEventMask, &event);
  XFlush(display);
}

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The next event within the deadline; 0 when none came. */
static int next_event(XEvent* event, double deadline) {
  while (!XPending(display)) {
    const double left = deadline - now_seconds();
    if (left <= 0) return 0;
    struct pollfd fd = {ConnectionNumber(display), POLLIN, 0};
    poll(&fd, 1, (int)(left * 1000) + 1);
  }
  XNextEvent(display, event);
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: xdnd_drop WINDOW_ID PATH X Y\n");
    return 2;
  }
  display = XOpenDisplay(NULL);
  if (!display) {
    fprintf(stderr, "xdnd_drop: cannot open the display\n");
    return 2;
  }
  target = (Window)strtoul(argv[1], NULL, 0);
  const long x = strtol(argv[3], NULL, 10), y = strtol(argv[4], NULL, 10);
  /* A file URI list ends each line with CRLF (RFC 2483). */
  char uri[4096];
  snprintf(uri, sizeof uri, "file://%s\r\n", argv[2]);

  source = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 1, 1, 0, 0, 0);
  const Atom enter = XInternAtom(display, "XdndEnter", False);
  const Atom position = XInternAtom(display, "XdndPosition", False);
  const Atom status = XInternAtom(display, "XdndStatus", False);
  const Atom drop = XInternAtom(display, "XdndDrop", False);
  const Atom finished = XInternAtom(display, "XdndFinished", False);
  const Atom selection = XInternAtom(display, "XdndSelection", False);
  const Atom copy = XInternAtom(display, "XdndActionCopy", False);
  const Atom uri_list = XInternAtom(display, "text/uri-list", False);
  XSetSelectionOwner(display, selection, source, CurrentTime);

  send_message(enter, 5L << 24, (long)uri_list, None, None);
  send_message(position, 0, (x << 16) | (y & 0xFFFF), CurrentTime, (long)copy);
  const double deadline = now_seconds() + 5.0;
  XEvent event;
  int accepted = -1;
  while (accepted < 0 && next_event(&event, deadline))
    if (event.type == ClientMessage && event.xclient.message_type == status)
      accepted = (int)(event.xclient.data.l[1] & 1);
  if (accepted != 1) {
    fprintf(stderr, "xdnd_drop: the window %s the drop\n", accepted == 0 ? "refused" : "did not answer");
    return 1;
  }
  send_message(drop, 0, CurrentTime, 0, 0);
  while (next_event(&event, deadline)) {
    if (event.type == SelectionRequest) {
      const XSelectionRequestEvent* request = &event.xselectionrequest;
      XEvent reply;
      memset(&reply, 0, sizeof reply);
      reply.xselection.type = SelectionNotify;
      reply.xselection.display = display;
      reply.xselection.requestor = request->requestor;
      reply.xselection.selection = request->selection;
      reply.xselection.target = request->target;
      reply.xselection.time = request->time;
      reply.xselection.property = None;
      if (request->target == uri_list) {
        XChangeProperty(display, request->requestor, request->property, uri_list, 8, PropModeReplace,
                        (const unsigned char*)uri, (int)strlen(uri));
        reply.xselection.property = request->property;
      }
      XSendEvent(display, request->requestor, False, NoEventMask, &reply);
      XFlush(display);
    } else if (event.type == ClientMessage && event.xclient.message_type == finished) {
      XCloseDisplay(display);
      return 0;
    }
  }
  fprintf(stderr, "xdnd_drop: the window did not finish the drop\n");
  return 1;
}
