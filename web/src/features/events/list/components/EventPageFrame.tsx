/** The frame of an event screen: the shared project-screen frame. */
export { PageFrame as EventPageFrame } from '../../../../blocks/PageFrame';
